import { useState, type FormEvent } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { messages } from '../../domain/messages';
import { validatePricelist } from '../../domain/rules/catalogue';
import { errorsByField } from '../../domain/rules/errors-by-field';
import { isTemporaryKey, scopeId } from '../../local/db/store-keys';
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

/** Add or rename a pricelist: a required name, queued as a command and shown at once. */
export function PricelistNameForm({ sellerId, pricelist }: PricelistNameFormProps) {
  const { notify } = useSnackbar();
  const track = useOnSent((message) => notify({ variant: 'success', message }));
  const [edited, setEdited] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[] | null>(null);
  const scope = scopeId('seller', sellerId);
  const touch = pricelist ? { table: 'pricelists' as const, scope, key: pricelist.key } : null;
  const entry = useLatestEntry(
    (e) => (touch ? e.kind === 'pricelist.edit' && touchesRow(e, touch) : e.kind === 'pricelist.add' && e.scope === scope && e.state === 'failed'),
    [scope, pricelist?.key],
  );
  const name = edited ?? pricelist?.name ?? '';
  const refused = entry?.state === 'failed' ? entry.errors : [];
  const error = errorsByField(checked ?? refused, { name: 'Pricelist name' }).fields.name;
  const saving = pricelist !== null && isTemporaryKey(pricelist.key);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validatePricelist({ name });
    setChecked(problems);
    if (problems.length > 0) return;
    try {
      if (pricelist) {
        track(await renamePricelist(sellerId, pricelist.key, name.trim()), messages.pricelistModified);
      } else {
        track(await addPricelist(sellerId, name.trim()), messages.pricelistNameSaved);
      }
      setEdited(null);
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
