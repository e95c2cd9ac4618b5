import { useState } from 'react';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { RecoveryRequestForm } from './recovery-request-form';
import { RecoveryResetForm } from './recovery-reset-form';

type Step = 'login' | 'requestCode' | 'resetPassword';

const titles: Record<Step, string> = {
  login: 'Sign in',
  requestCode: 'Password recovery',
  resetPassword: 'Password recovery',
};

/** What a visitor without a session sees: login, or the two steps of password recovery. */
export function SignInScreen() {
  const [step, setStep] = useState<Step>('login');
  // Typed once, the username follows the visitor from login into recovery and back.
  const [username, setUsername] = useState('');
  const backToLogin = () => setStep('login');

  return (
    <AuthLayout title={titles[step]}>
      {step === 'login' && (
        <LoginForm
          username={username}
          onUsernameChange={setUsername}
          onForgotPassword={() => setStep('requestCode')}
        />
      )}
      {step === 'requestCode' && (
        <RecoveryRequestForm
          username={username}
          onUsernameChange={setUsername}
          onCodeSent={() => setStep('resetPassword')}
          onBackToLogin={backToLogin}
        />
      )}
      {step === 'resetPassword' && <RecoveryResetForm username={username} onBackToLogin={backToLogin} />}
    </AuthLayout>
  );
}
