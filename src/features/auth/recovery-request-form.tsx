import { useState, type FormEvent } from 'react';
import { sendRecoveryCode } from '../../local/online/session-calls';
import { validateRecoveryRequest } from '../../domain/auth-rules';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { Actions, Form } from './auth-layout.styles';
import { FormMessage, type FormNotice } from './form-message';
import { recoveryFailureText } from './recovery-failure';

interface RecoveryRequestFormProps {
  username: string;
  onUsernameChange: (username: string) => void;
  onCodeSent: () => void;
  onBackToLogin: () => void;
}

/** Recovery step 1: the username the verification code is mailed for. */
export function RecoveryRequestForm({ username, onUsernameChange, onCodeSent, onBackToLogin }: RecoveryRequestFormProps) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FormNotice>(null);
  const ready = validateRecoveryRequest({ username }).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await sendRecoveryCode({ username: username.trim() });
      onCodeSent();
    } catch (error) {
      setNotice({ tone: 'error', text: recoveryFailureText(error) });
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => onUsernameChange(event.target.value)}
      />
      <FormMessage notice={notice} />
      <Actions>
        <Button type="submit" fullWidth disabled={!ready || busy}>
          Submit
        </Button>
        <Button variant="text" fullWidth onClick={onBackToLogin}>
          Login
        </Button>
      </Actions>
    </Form>
  );
}
