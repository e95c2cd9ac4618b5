import { useMemo, useState } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { formatMessage } from '../../domain/messages';
import { useCounterparts } from '../../local/hooks/use-counterparts';
import { useFormCommand } from '../../local/hooks/use-form-command';
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
 * once seen); Save sends the ticked ones as a command that replaces the mapping.
 * Online the drawer waits for the server: taken, the spec's toast and the drawer
 * closes; refused, the errors here and the ticks kept. Made offline, the drawer closes
 * and the toast comes once the server has it.
 */
export function MapUniversitiesDrawer({ open, onOpenChange, ...form }: MapUniversitiesDrawerProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Map Universities">
      {/* Mounted while open only: each opening starts from the mapping as held, not from a half-made choice. */}
      {open && <MapUniversitiesForm {...form} onClose={() => onOpenChange(false)} />}
    </Drawer>
  );
}

function MapUniversitiesForm({ sellerId, ownOrgId, pricelist, refused, onClose }: Omit<MapUniversitiesDrawerProps, 'open' | 'onOpenChange'> & { onClose(): void }) {
  const { notify } = useSnackbar();
  const track = useOnSent((message) => notify({ variant: 'success', message }));
  const { accounts } = useCounterparts(ownOrgId, 2);
  const mapping = usePricelistMapping(sellerId, pricelist, true);
  const [edited, setEdited] = useState<ReadonlySet<string> | null>(null);
  const [search, setSearch] = useState('');
  const [refusedNow, setRefusedNow] = useState<string[] | null>(null);
  const held = useMemo(() => (mapping.buyerIds ? new Set(mapping.buyerIds) : null), [mapping.buyerIds]);
  const chosen = edited ?? held;
  const savedMessage = formatMessage.pricelistMapped(pricelist.name ?? '', chosen?.size ?? 0);
  const command = useFormCommand({
    onSent: () => {
      notify({ variant: 'success', message: savedMessage });
      onClose();
    },
    onRefused: setRefusedNow,
  });

  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (accounts ?? []).filter((a) => !text || a.name.toLowerCase().includes(text));
  }, [accounts, search]);

  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    setEdited(next);
    setRefusedNow(null);
  };

  const save = async () => {
    if (!chosen || command.waiting) return;
    setRefusedNow(null);
    try {
      const change = mapPricelistUniversities(sellerId, pricelist.key, [...chosen]);
      // Offline, it is kept on this device: the toast comes once the server has it.
      if ((await command.send(change)) === 'queued') {
        track(await change, savedMessage);
        onClose();
      }
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    }
  };

  return (
    <PaneContent>
      <FormErrors errors={refusedNow ?? refused} label="Mapping refused" />
      <Field label="Search universities" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      {!chosen && mapping.failed && <StatusText role="alert">The mapping of this pricelist has not been read yet and the server cannot be reached.</StatusText>}
      {!mapping.failed && (chosen === null || accounts === undefined) && <StatusText role="status">Loading…</StatusText>}
      {chosen && (
        <>
          <StatusText role="status">{command.waiting ? 'Saving…' : `${chosen.size} selected`}</StatusText>
          <UniversityList aria-label="Universities">
            {shown.map((a) => (
              <li key={a.uniqueKey}>
                <CheckboxField label={a.name} checked={chosen.has(a.uniqueKey)} disabled={command.waiting} onChange={(e) => toggle(a.uniqueKey, e.target.checked)} />
              </li>
            ))}
          </UniversityList>
        </>
      )}
      <ButtonRow>
        <Button onClick={() => void save()} disabled={!chosen || command.waiting}>
          Save
        </Button>
        <Button variant="text" onClick={onClose}>
          Cancel
        </Button>
      </ButtonRow>
    </PaneContent>
  );
}
