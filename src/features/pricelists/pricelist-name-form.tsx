import { useState, type FormEvent } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { messages } from '../../domain/messages';
import { validatePricelist } from '../../domain/rules/catalogue';
import { errorsByField } from '../../domain/rules/errors-by-field';
import { isTemporaryKey, scopeId } from '../../local/db/store-keys';
import { useFormCommand } from '../../local/hooks/use-form-command';
import { touchesRow, useLatestEntry } from '../../local/hooks/use-latest-entry';
import { useOnSent } from '../../local/hooks/use-on-sent';
import type { PricelistRow } from '../../local/hooks/use-pricelists';
import { addPricelist, renamePricelist } from '../../local/mutations/pricelists';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { ButtonRow, StatusText } from '../../ui/form-parts';
import { NameForm } from './pricelists.styles';

interface PricelistNameFormProps {
  sellerId: string;
  /** Null for a new pricelist. */
  pricelist: PricelistRow | null;
}

/**
 * Add or rename a pricelist: a required name, shown at once. Online the form waits for
 * the server (a refusal is shown at the name, the typed name kept); made offline, it
 * waits on this device and a later refusal comes back here while the form is open.
 */
export function PricelistNameForm({ sellerId, pricelist }: PricelistNameFormProps) {
  const { notify } = useSnackbar();
  const track = useOnSent((message) => notify({ variant: 'success', message }));
  const [edited, setEdited] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [refusedNow, setRefusedNow] = useState<string[] | null>(null);
  const savedMessage = pricelist ? messages.pricelistModified : messages.pricelistNameSaved;
  const command = useFormCommand({
    onSent: () => {
      notify({ variant: 'success', message: savedMessage });
      setEdited(null);
    },
    onRefused: setRefusedNow,
  });
  const scope = scopeId('seller', sellerId);
  const touch = pricelist ? { table: 'pricelists' as const, scope, key: pricelist.key } : null;
  const entry = useLatestEntry(
    (e) => (touch ? e.kind === 'pricelist.edit' && touchesRow(e, touch) : e.kind === 'pricelist.add' && e.scope === scope && e.state === 'failed'),
    [scope, pricelist?.key],
  );
  const name = edited ?? pricelist?.name ?? '';
  const refused = refusedNow ?? (entry?.state === 'failed' ? entry.errors : []);
  const error = errorsByField(checked ?? refused, { name: 'Pricelist name' }).fields.name;
  const saving = (pricelist !== null && isTemporaryKey(pricelist.key)) || command.waiting;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = validatePricelist({ name });
    setChecked(problems);
    setRefusedNow(null);
    if (problems.length > 0) return;
    try {
      const change = pricelist ? renamePricelist(sellerId, pricelist.key, name.trim()) : addPricelist(sellerId, name.trim());
      // Offline, it is kept on this device: the toast comes once the server has it.
      if ((await command.send(change)) === 'queued') {
        track(await change, savedMessage);
        setEdited(null);
      }
      setChecked(null);
    } catch (failure) {
      notify({ variant: 'error', message: errorToastTextOf(failure) });
    }
  };

  return (
    <NameForm aria-label={pricelist ? 'Pricelist' : 'New pricelist'} onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field
        label="Name"
        value={name}
        onChange={(e) => {
          setEdited(e.target.value);
          setRefusedNow(null);
          if (checked) setChecked(validatePricelist({ name: e.target.value }));
        }}
        error={error}
        readOnly={saving}
        autoComplete="off"
      />
      <ButtonRow>
        <Button type="submit" disabled={saving}>
          {pricelist ? 'Save' : 'Add'}
        </Button>
        {(saving || entry?.state === 'pending') && <StatusText role="status">Waiting to be sent</StatusText>}
      </ButtonRow>
    </NameForm>
  );
}
