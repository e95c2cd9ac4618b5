import { useState, type FormEvent } from 'react';
import { ACCOUNT_TYPES } from '../../domain/constants';
import { COUNTRIES } from '../../domain/countries';
import { errorToastText, messages } from '../../domain/messages';
import { canSaveAccount, NEW_ACCOUNT_DEFAULTS, validateAccount } from '../../domain/rules/accounts';
import type { AccountInput } from '../../domain/schemas/accounts';
import type { AccountRow } from '../../local/hooks/use-accounts';
import { touchesRow } from '../../local/hooks/use-latest-entry';
import { addAccount, deleteAccount, editAccount } from '../../local/mutations/accounts';
import { Button } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { Field } from '../../ui/field/Field';
import { SelectField } from '../../ui/field/SelectField';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { scopeId } from '../../local/db/store-keys';
import { ButtonRow, FieldGrid, FormStack } from '../../ui/form-parts';
import { FormErrors } from '../../ui/form-errors';
import { MutedText } from '../../ui/page';
import { useRefusal } from './use-refusal';

const TYPE_OPTIONS = [
  { value: String(ACCOUNT_TYPES.SUPPLIER), label: 'Supplier' },
  { value: String(ACCOUNT_TYPES.UNIVERSITY), label: 'University' },
];
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: String(c.CountryNo), label: c.Name }));

interface FormState {
  name: string;
  type: string;
  email: string;
  countryNo: string;
  state: string;
  address2: string;
  postCode: string;
}

/** The fields' names in the rules' errors ('Name is required'): the server's refusals are shown at these. */
const LABELS: Record<keyof FormState, string> = {
  name: 'Name',
  type: 'Account Type',
  email: 'Default Email Address',
  countryNo: 'Country',
  state: 'State',
  address2: 'Suburb',
  postCode: 'Postcode',
};

const blank: FormState = {
  name: '',
  type: String(NEW_ACCOUNT_DEFAULTS.type),
  email: '',
  countryNo: String(NEW_ACCOUNT_DEFAULTS.countryNo),
  state: '',
  address2: '',
  postCode: '',
};

function formOf(account: Partial<AccountRow> | null): FormState {
  if (!account) return blank;
  return {
    name: String(account.name ?? ''),
    type: String(account.type ?? NEW_ACCOUNT_DEFAULTS.type),
    email: String(account.email ?? ''),
    countryNo: String(account.countryNo ?? NEW_ACCOUNT_DEFAULTS.countryNo),
    state: String(account.state ?? ''),
    address2: String(account.address2 ?? ''),
    postCode: String(account.postCode ?? ''),
  };
}

const typeOf = (value: string): NonNullable<AccountInput['type']> => (value === String(ACCOUNT_TYPES.UNIVERSITY) ? ACCOUNT_TYPES.UNIVERSITY : ACCOUNT_TYPES.SUPPLIER);

function inputOf(form: FormState): AccountInput {
  return {
    name: form.name.trim(),
    type: typeOf(form.type),
    email: form.email.trim(),
    countryNo: Number(form.countryNo),
    state: form.state.trim(),
    address2: form.address2.trim(),
    postCode: form.postCode.trim(),
  };
}

interface AccountBasicFormProps {
  supportOrgId: string;
  /** The drawer's account key: null for a new one; an account whose create the server refused has a key but no row. */
  accountKey: string | null;
  /** The account being edited; null for a new one. Remount (key) the form to load another. */
  account: AccountRow | null;
  /** After Save of a new account (its temporary key), after Save & New (null), after Delete (null). */
  onSelect(key: string | null): void;
  onDeleted(): void;
  /** Told the account type the form holds, so the drawer offers a new supplier's UOM Mapping tab. */
  onTypeChange?(type: NonNullable<AccountInput['type']>): void;
}

/** Basic Info: Save and Save & New once the name is there and the email is empty or valid; Delete only for a saved account. */
export function AccountBasicForm({ supportOrgId, accountKey, account, onSelect, onDeleted, onTypeChange }: AccountBasicFormProps) {
  const { notify } = useSnackbar();
  const [form, setForm] = useState<FormState>(() => formOf(account));
  const row = { table: 'accounts' as const, scope: scopeId('org', supportOrgId), key: accountKey ?? '' };
  const refusal = useRefusal((e) => accountKey !== null && touchesRow(e, row), [row.scope, accountKey], LABELS, (entry) =>
    setForm(formOf(entry.body as Partial<AccountRow>)),
  );
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const ready = canSaveAccount(form);
  const errors = touched ? validateAccount(form) : [];
  const set = (field: keyof FormState) => (event: { target: { value: string } }) => {
    setTouched(true);
    refusal.clear();
    setForm((f) => ({ ...f, [field]: event.target.value }));
    if (field === 'type') onTypeChange?.(typeOf(event.target.value));
  };

  const save = async (andNew: boolean) => {
    if (!ready || refusal.waiting) return;
    try {
      // Online the form waits for the server's answer; a refusal stays here with what was typed.
      const change = account ? editAccount(supportOrgId, account.key, inputOf(form)) : addAccount(supportOrgId, inputOf(form));
      await refusal.send(change, (entry) => {
        notify({ variant: 'success', message: account ? messages.recordUpdated : messages.recordSaved });
        if (andNew) {
          setForm(blank);
          onTypeChange?.(typeOf(blank.type));
          setTouched(false);
          onSelect(null);
        } else if (!account) onSelect(entry.touches[0]!.key);
      });
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  const remove = async () => {
    if (!account) return;
    try {
      await deleteAccount(supportOrgId, account.key);
      notify({ variant: 'success', message: messages.recordDeleted });
      onDeleted();
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  // The form's own check while typing, else what the server refused.
  const nameError = errors.find((e) => e.startsWith(LABELS.name)) ?? refusal.fields.name;
  const emailError = errors.find((e) => e.startsWith(LABELS.email)) ?? refusal.fields.email;
  const at = refusal.fields;

  return (
    <FormStack onSubmit={submit} noValidate aria-label="Basic Info">
      <FieldGrid>
        <Field label={LABELS.name} name="name" value={form.name} onChange={set('name')} required error={nameError} />
        <SelectField label={LABELS.type} name="type" value={form.type} onChange={set('type')} options={TYPE_OPTIONS} error={at.type} />
        <Field label={LABELS.email} name="email" type="email" value={form.email} onChange={set('email')} error={emailError} />
        <SelectField label={LABELS.countryNo} name="countryNo" value={form.countryNo} onChange={set('countryNo')} options={COUNTRY_OPTIONS} error={at.countryNo} />
        <Field label={LABELS.state} name="state" value={form.state} onChange={set('state')} error={at.state} />
        <Field label={LABELS.address2} name="address2" value={form.address2} onChange={set('address2')} error={at.address2} />
        <Field label={LABELS.postCode} name="postCode" value={form.postCode} onChange={set('postCode')} error={at.postCode} />
      </FieldGrid>
      {/* An existing account's drawer says so over the whole drawer while its changes are sent. */}
      {refusal.waiting && !account && <MutedText role="status">Saving…</MutedText>}
      <FormErrors errors={refusal.form} label="Basic Info not saved" />
      <ButtonRow>
        <Button type="submit" disabled={!ready || refusal.waiting}>
          Save
        </Button>
        <Button variant="outlined" disabled={!ready || refusal.waiting} onClick={() => void save(true)}>
          Save &amp; New
        </Button>
        <Button variant="outlined" disabled={!account} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </ButtonRow>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete account"
        message={messages.accountDeleteConfirm}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
      />
    </FormStack>
  );
}
