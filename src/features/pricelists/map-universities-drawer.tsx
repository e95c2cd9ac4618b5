import { useMemo, useState } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { formatMessage } from '../../domain/messages';
import { useCounterparts } from '../../local/hooks/use-counterparts';
import { useOnSent } from '../../local/hooks/use-on-sent';
import { usePricelistMapping, type PricelistRow } from '../../local/hooks/use-pricelists';
import { mapPricelistUniversities } from '../../local/mutations/pricelists';
import { Button } from '../../ui/button/Button';
import { Drawer } from '../../ui/drawer/Drawer';
import { CheckboxField } from '../../ui/field/CheckboxField';
import { Field } from '../../ui/field/Field';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { ButtonRow, StatusText } from '../../ui/form-parts';
import { FormErrors } from '../../ui/form-errors';
import { PaneContent, UniversityList } from './pricelists.styles';

interface MapUniversitiesDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  sellerId: string;
  ownOrgId: string;
  pricelist: PricelistRow;
  /** The server's errors of the last mapping it refused (its change is rolled back). */
  refused: readonly string[];
}

/**
 * The universities a pricelist applies to, ticked as mirrored (so it opens offline
 * once seen); Save queues the ticked ones as a command that replaces the mapping,
 * and the spec's toast comes once the server has it.
 */
export function MapUniversitiesDrawer({ open, onOpenChange, sellerId, ownOrgId, pricelist, refused }: MapUniversitiesDrawerProps) {
  const { notify } = useSnackbar();
  const track = useOnSent((message) => notify({ variant: 'success', message }));
  const { accounts } = useCounterparts(ownOrgId, 2);
  const mapping = usePricelistMapping(sellerId, pricelist, open);
  const [edited, setEdited] = useState<ReadonlySet<string> | null>(null);
  const [search, setSearch] = useState('');
  const held = useMemo(() => (mapping.buyerIds ? new Set(mapping.buyerIds) : null), [mapping.buyerIds]);
  const chosen = edited ?? held;

  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (accounts ?? []).filter((a) => !text || a.name.toLowerCase().includes(text));
  }, [accounts, search]);

  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    setEdited(next);
  };

  const close = (next: boolean) => {
    // Each opening starts from the mapping as held, not from a half-made choice.
    if (!next) setEdited(null);
    onOpenChange(next);
  };

  const save = async () => {
    if (!chosen) return;
    try {
      const entry = await mapPricelistUniversities(sellerId, pricelist.key, [...chosen]);
      track(entry, formatMessage.pricelistMapped(pricelist.name ?? '', chosen.size));
      close(false);
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    }
  };

  return (
    <Drawer open={open} onOpenChange={close} title="Map Universities">
      <PaneContent>
        <FormErrors errors={refused} label="Mapping refused" />
        <Field label="Search universities" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        {!chosen && mapping.failed && <StatusText role="alert">The mapping of this pricelist has not been read yet and the server cannot be reached.</StatusText>}
        {!mapping.failed && (chosen === null || accounts === undefined) && <StatusText role="status">Loading…</StatusText>}
        {chosen && (
          <>
            <StatusText role="status">{`${chosen.size} selected`}</StatusText>
            <UniversityList aria-label="Universities">
              {shown.map((a) => (
                <li key={a.uniqueKey}>
                  <CheckboxField label={a.name} checked={chosen.has(a.uniqueKey)} onChange={(e) => toggle(a.uniqueKey, e.target.checked)} />
                </li>
              ))}
            </UniversityList>
          </>
        )}
        <ButtonRow>
          <Button onClick={() => void save()} disabled={!chosen}>
            Save
          </Button>
          <Button variant="text" onClick={() => close(false)}>
            Cancel
          </Button>
        </ButtonRow>
      </PaneContent>
    </Drawer>
  );
}
