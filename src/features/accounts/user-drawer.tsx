import { useState, type FormEvent } from 'react';
import { errorToastText, messages } from '../../domain/messages';
import { canSaveUser, validateUser } from '../../domain/rules/users';
import type { UserInput } from '../../domain/schemas/users';
import { useCommunityUser, useSavedKey, type CommunityUserRow } from '../../local/hooks/use-accounts';
import { useFormCommand } from '../../local/hooks/use-form-command';
import { addUser, deleteUser, editUser } from '../../local/mutations/community-users';
import { isTemporaryKey } from '../../local/db/store-keys';
import type { OutboxEntry } from '../../local/db/store-rows';
import { Button } from '../../ui/button/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog/ConfirmDialog';
import { Drawer } from '../../ui/drawer/Drawer';
import { Field } from '../../ui/field/Field';
import { SelectField } from '../../ui/field/SelectField';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { FormErrors } from '../../ui/form-errors';
import { ButtonRow, FieldGrid, FormStack } from '../../ui/form-parts';
import { MutedText } from '../../ui/page';

const TYPE_OPTIONS = [
  { value: 'REGULAR', label: 'REGULAR' },
  { value: 'ADMIN', label: 'ADMIN' },
];

interface UserDrawerProps {
  supportOrgId: string;
  orgId: string;
  /** The user shown; null for a new one. */
  userKey: string | null;
  onSelect(key: string | null): void;
  onClose(): void;
}

/** 'Add/Edit User' of one account's community. */
export function UserDrawer({ supportOrgId, orgId, userKey, onSelect, onClose }: UserDrawerProps) {
  const key = useSavedKey(supportOrgId, userKey);
  const user = useCommunityUser(supportOrgId, key);
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()} title="Add/Edit User">
      {user !== undefined && <UserForm key={key ?? 'new'} supportOrgId={supportOrgId} orgId={orgId} user={user} onSelect={onSelect} />}
    </Drawer>
  );
}

interface UserFormProps {
  supportOrgId: string;
  orgId: string;
  user: CommunityUserRow | null;
  onSelect(key: string | null): void;
}

/** First name, last name and a valid email (the username) are required; after a delete the form is locked. */
function UserForm({ supportOrgId, orgId, user, onSelect }: UserFormProps) {
  const { notify } = useSnackbar();
  const [form, setForm] = useState({
    firstName: String(user?.firstName ?? ''),
    lastName: String(user?.lastName ?? ''),
    email: String(user?.email ?? ''),
    type: String(user?.type ?? 'REGULAR'),
  });
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  /** The server's errors of the last save, shown here until the user changes the form or saves again. */
  const [refused, setRefused] = useState<string[]>([]);
  const saved = (entry: OutboxEntry) => {
    notify({ variant: 'success', message: user ? messages.userUpdated : messages.userSaved });
    if (!user) onSelect(entry.touches[0]!.key);
  };
  const command = useFormCommand({ onSent: saved, onRefused: setRefused });
  const ready = canSaveUser(form) && !deleted;
  const errors = touched ? validateUser(form) : [];
  const saving = (user !== null && isTemporaryKey(user.key)) || command.waiting;
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setTouched(true);
    setRefused([]);
    setForm((f) => ({ ...f, [field]: event.target.value }));
  };
  const input: UserInput = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), type: form.type === 'ADMIN' ? 'ADMIN' : 'REGULAR' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || saving) return;
    setRefused([]);
    try {
      const change = user ? editUser(supportOrgId, orgId, user.key, input) : addUser(supportOrgId, orgId, input);
      // Made offline, it is saved on this device and sent later; online, the server's answer decides.
      if ((await command.send(change)) === 'queued') saved(await change);
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  const remove = async () => {
    if (!user) return;
    try {
      await deleteUser(supportOrgId, orgId, user.key);
      setDeleted(true);
      notify({ variant: 'success', message: messages.userDeleted });
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  return (
    <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="User">
      <FieldGrid>
        <Field label="First Name" value={form.firstName} disabled={deleted} onChange={set('firstName')} error={errors.find((e) => e.startsWith('First Name'))} />
        <Field label="Last Name" value={form.lastName} disabled={deleted} onChange={set('lastName')} error={errors.find((e) => e.startsWith('Last Name'))} />
        <Field label="Email" type="email" value={form.email} disabled={deleted} onChange={set('email')} error={errors.find((e) => e.startsWith('Email'))} />
        <SelectField label="User Type" value={form.type} disabled={deleted} onChange={set('type')} options={TYPE_OPTIONS} />
      </FieldGrid>
      {saving && <MutedText role="status">Saving…</MutedText>}
      <FormErrors errors={refused} label="Not saved" />
      <ButtonRow>
        <Button type="submit" disabled={!ready || saving}>
          Save
        </Button>
        <Button variant="outlined" disabled={!user || saving || deleted} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </ButtonRow>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete user"
        message={messages.userDeleteConfirm}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
      />
    </FormStack>
  );
}
