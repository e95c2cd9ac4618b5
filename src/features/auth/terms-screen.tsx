import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { apiUrl } from '../../local/online/session-calls';
import { messages } from '../../domain/messages';
import { useSession } from '../../local/session/use-session';
import { Button } from '../../ui/button/Button';
import { CheckboxField } from '../../ui/field/CheckboxField';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { Actions, Form } from './auth-layout.styles';
import { AuthLayout } from './auth-layout';
import { TermsBox, TermsText } from './terms-screen.styles';

type TermsState = { status: 'loading' } | { status: 'failed' } | { status: 'shown'; paragraphs: string[] };

/** The operator's text, fetched when the screen shows; a failed fetch can be tried again. */
function useTermsText(): [TermsState, () => void] {
  const [state, setState] = useState<TermsState>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    // Plain text, so a plain fetch: the app's JSON request helper would only add weight here.
    fetch(apiUrl('/policy/terms-of-use'), { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then(
      (text) => setState({ status: 'shown', paragraphs: text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) }),
      () => setState({ status: 'failed' }),
    );
  }, []);
  useEffect(load, [load]);
  return [state, load];
}

/** The gate before anything else: the terms must be read and accepted once. */
export function TermsScreen() {
  const { acceptTerms, signOut } = useSession();
  const { notify } = useSnackbar();
  const [terms, reloadTerms] = useTermsText();
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = terms.status === 'shown';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted || busy || !shown) return;
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
        {/* A scroll box is reached by keyboard to be scrolled (WCAG 2.1.1). */}
        <TermsBox role="region" aria-label="Terms of Use text" tabIndex={0} aria-busy={terms.status === 'loading'}>
          {terms.status === 'loading' && <TermsText role="status">Loading the Terms of Use…</TermsText>}
          {terms.status === 'failed' && (
            <>
              <TermsText role="alert">The Terms of Use could not be loaded.</TermsText>
              <Button variant="text" onClick={reloadTerms}>
                Try again
              </Button>
            </>
          )}
          {shown && terms.paragraphs.map((paragraph, i) => <p key={i}>{paragraph}</p>)}
        </TermsBox>
        <CheckboxField
          label={messages.termsCheckbox}
          checked={accepted}
          disabled={!shown}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        <Actions>
          <Button type="submit" fullWidth disabled={!accepted || busy || !shown}>
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
