import { useState, type FormEvent } from 'react';
import { canLogin, canRequestRecovery } from '../../domain/auth-rules';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { Actions, Form } from './auth-layout.styles';
import { FormMessage, type FormNotice } from './form-message';
import { HumanCheck } from './human-check';
import { useLogin } from './use-login';

interface LoginFormProps {
  username: string;
  onUsernameChange: (username: string) => void;
  onForgotPassword: () => void;
}

export function LoginForm({ username, onUsernameChange, onForgotPassword }: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A payload is good for one attempt only, so each failure remounts the check.
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FormNotice>(null);
  // Set by the first focus, touch or pointer over the form; see HumanCheck.
  const [started, setStarted] = useState(false);
  const start = () => setStarted(true);
  const signIn = useLogin();

  const ready = canLogin({ username, password, captcha: captcha ?? '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy || !captcha) return;
    setBusy(true);
    setNotice(null);
    const failure = await signIn({ username: username.trim(), password, captcha });
    setBusy(false);
    if (failure) {
      setNotice({ tone: 'error', text: failure });
      setCaptcha(null);
      setAttempt((n) => n + 1);
    }
  };

  return (
    <Form onSubmit={submit} noValidate onFocus={start} onPointerEnter={start} onPointerDown={start}>
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => onUsernameChange(event.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <HumanCheck key={attempt} wanted={started} onChange={setCaptcha} />
      <FormMessage notice={notice} />
      <Actions>
        <Button type="submit" fullWidth disabled={!ready || busy}>
          Login
        </Button>
        <Button variant="text" fullWidth disabled={!canRequestRecovery(username)} onClick={onForgotPassword}>
          Forgot Password
        </Button>
      </Actions>
    </Form>
  );
}
