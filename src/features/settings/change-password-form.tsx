import { useState, type ChangeEvent, type FormEvent } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { changePassword } from '../../local/online/session-calls';
import { messages } from '../../domain/messages';
import type { PasswordField } from '../../domain/password-policy';
import { useActiveSession } from '../../local/session/use-session';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { loadPasswordPolicy } from '../../ui/password-strength/load-password-policy';
import { PasswordStrengthBar } from '../../ui/password-strength/PasswordStrengthBar';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { ButtonRow } from '../../ui/form-parts';
import { Form } from './settings.styles';

const empty = { oldPassword: '', newPassword: '', repeatPassword: '' };
/** A change's outcome replaces the one before: after a refusal and then a success, only the success shows. */
const PASSWORD_CHANGE = 'password-change';

export function ChangePasswordForm() {
  const { profile } = useActiveSession();
  const { notify } = useSnackbar();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [busy, setBusy] = useState(false);
  const userInputs = [profile.user.username, profile.user.firstName, profile.user.lastName];

  const bind = (field: PasswordField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const policy = await loadPasswordPolicy();
      const issues = policy.passwordChangeIssues(values, { requireOld: true, userInputs });
      setErrors(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
      if (issues.length > 0) return;
      // The password belongs to the user's own organisation, whatever a support user is viewing.
      await changePassword(profile.policy.orgId, { oldPassword: values.oldPassword, newPassword: values.newPassword });
      setValues(empty);
      notify({ variant: 'success', message: messages.passwordUpdated, topic: PASSWORD_CHANGE });
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error), topic: PASSWORD_CHANGE });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Field label="Old password" type="password" autoComplete="current-password" {...bind('oldPassword')} />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        description={<PasswordStrengthBar password={values.newPassword} userInputs={userInputs} />}
        {...bind('newPassword')}
      />
      <Field label="Repeat password" type="password" autoComplete="new-password" {...bind('repeatPassword')} />
      <ButtonRow>
        <Button type="submit" disabled={busy}>
          Save
        </Button>
      </ButtonRow>
    </Form>
  );
}
