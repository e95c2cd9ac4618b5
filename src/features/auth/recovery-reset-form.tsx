import { useState, type FormEvent } from 'react';
import { resetPassword } from '../../local/online/session-calls';
import { validateRecoveryCode } from '../../domain/auth-rules';
import { messages } from '../../domain/messages';
import type { PasswordField } from '../../domain/password-policy';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { loadPasswordPolicy } from '../../ui/password-strength/load-password-policy';
import { PasswordStrengthBar } from '../../ui/password-strength/PasswordStrengthBar';
import { Actions, Form } from './auth-layout.styles';
import { FormMessage, type FormNotice } from './form-message';
import { recoveryFailureText } from './recovery-failure';

interface RecoveryResetFormProps {
  username: string;
  onBackToLogin: () => void;
}

/** Recovery step 2: the mailed code and the new password, twice. */
export function RecoveryResetForm({ username, onBackToLogin }: RecoveryResetFormProps) {
  const [verificationCode, setVerificationCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FormNotice>({ tone: 'success', text: messages.recoveryCodeSent });
  const ready = validateRecoveryCode({ verificationCode }).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const policy = await loadPasswordPolicy();
      const issues = policy.passwordChangeIssues(
        { newPassword, repeatPassword },
        { requireOld: false, userInputs: [username] },
      );
      setFieldErrors(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
      if (issues.length > 0) return;
      await resetPassword({ username: username.trim(), verificationCode: verificationCode.trim(), newPassword });
      setVerificationCode('');
      setNewPassword('');
      setRepeatPassword('');
      setNotice({ tone: 'success', text: messages.passwordReset });
    } catch (error) {
      setNotice({ tone: 'error', text: recoveryFailureText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <FormMessage notice={notice} />
      <Field
        label="Verification code"
        name="verificationCode"
        autoComplete="one-time-code"
        value={verificationCode}
        onChange={(event) => setVerificationCode(event.target.value)}
      />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        error={fieldErrors.newPassword}
        description={<PasswordStrengthBar password={newPassword} userInputs={[username]} />}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <Field
        label="Repeat password"
        name="repeatPassword"
        type="password"
        autoComplete="new-password"
        value={repeatPassword}
        error={fieldErrors.repeatPassword}
        onChange={(event) => setRepeatPassword(event.target.value)}
      />
      <Actions>
        <Button type="submit" fullWidth disabled={!ready || busy}>
          Reset
        </Button>
        <Button variant="text" fullWidth onClick={onBackToLogin}>
          Login
        </Button>
      </Actions>
    </Form>
  );
}
