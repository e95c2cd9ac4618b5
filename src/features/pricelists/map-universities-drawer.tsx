import { useEffect, useMemo, useState } from 'react';
import { errorToastTextOf } from '../../api/api-error';
import { fetchPricelistBuyers, savePricelistBuyers } from '../../api/pricelist-calls';
import { formatMessage } from '../../domain/messages';
import { useCounterparts } from '../../local/hooks/use-counterparts';
import { Button } from '../../ui/button/Button';
import { Drawer } from '../../ui/drawer/Drawer';
import { CheckboxField } from '../../ui/field/CheckboxField';
import { Field } from '../../ui/field/Field';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { Actions, PaneContent, Status, UniversityList } from './pricelists.styles';

interface MapUniversitiesDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  sellerId: string;
  ownOrgId: string;
  pricelistId: string;
  pricelistName: string;
}

/**
 * The universities a pricelist applies to: the current mapping is read when the
 * drawer opens (online), Save replaces it with the ticked ones.
 */
export function MapUniversitiesDrawer({ open, onOpenChange, sellerId, ownOrgId, pricelistId, pricelistName }: MapUniversitiesDrawerProps) {
  const { notify } = useSnackbar();
  const { accounts } = useCounterparts(ownOrgId, 2);
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setChosen(null);
    setLoadError(null);
    fetchPricelistBuyers(sellerId, pricelistId).then(
      ({ buyerIds }) => live && setChosen(new Set(buyerIds)),
      (error: unknown) => live && setLoadError(errorToastTextOf(error)),
    );
    return () => {
      live = false;
    };
  }, [open, sellerId, pricelistId]);

  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (accounts ?? []).filter((a) => !text || a.name.toLowerCase().includes(text));
  }, [accounts, search]);

  const toggle = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const save = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      const { buyerIds } = await savePricelistBuyers(sellerId, pricelistId, [...chosen]);
      notify({ variant: 'success', message: formatMessage.pricelistMapped(pricelistName, buyerIds.length) });
      onOpenChange(false);
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Map Universities">
      <PaneContent>
        <Field label="Search universities" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        {loadError && <Status role="alert">{loadError}</Status>}
        {!loadError && (chosen === null || accounts === undefined) && <Status role="status">Loading…</Status>}
        {chosen && (
          <>
            <Status role="status">{`${chosen.size} selected`}</Status>
            <UniversityList aria-label="Universities">
              {shown.map((a) => (
                <li key={a.uniqueKey}>
                  <CheckboxField label={a.name} checked={chosen.has(a.uniqueKey)} onChange={(e) => toggle(a.uniqueKey, e.target.checked)} />
                </li>
              ))}
            </UniversityList>
          </>
        )}
        <Actions>
          <Button onClick={() => void save()} disabled={!chosen || saving}>
            Save
          </Button>
          <Button variant="text" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </Actions>
      </PaneContent>
    </Drawer>
  );
}
