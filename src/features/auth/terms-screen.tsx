import { useState, type FormEvent } from 'react';
import { errorToastTextOf } from '../../api/api-error';
import { messages } from '../../domain/messages';
import { useSession } from '../../local/session/use-session';
import { Button } from '../../ui/button/Button';
import { CheckboxField } from '../../ui/field/CheckboxField';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { Actions, Form } from './auth-layout.styles';
import { AuthLayout } from './auth-layout';
import { TermsText } from './terms-screen.styles';

/** The gate before anything else: the terms must be accepted once. */
export function TermsScreen() {
  const { acceptTerms, signOut } = useSession();
  const { notify } = useSnackbar();
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted || busy) return;
    setBusy(true);
    try {
      await acceptTerms();
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Terms of Use">
      <Form onSubmit={submit}>
        <TermsText>
          Before you start, please read the Terms of Use of the portal. They apply to every order, shipping notice,
          invoice and catalogue you handle here on behalf of your organisation.
        </TermsText>
        <CheckboxField
          label={messages.termsCheckbox}
          checked={accepted}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        <Actions>
          <Button type="submit" fullWidth disabled={!accepted || busy}>
            Save
          </Button>
          <Button variant="text" fullWidth onClick={() => void signOut()}>
            Logout
          </Button>
        </Actions>
      </Form>
    </AuthLayout>
  );
}
