import { useState, type FormEvent } from 'react';
import { ApiError, serverErrors } from '../../local/online/server-answers';
import { formatDateTime } from '../../domain/dates';
import { errorToastText, messages } from '../../domain/messages';
import { CXML_SECRET_MIN, type CxmlCredentialView, type CxmlIdentity, type CxmlInboundEntry } from '../../domain/schemas/cxml-credential';
import { useCxmlCredential, useCxmlInbound } from '../../local/hooks/use-cxml-inbound';
import { saveCxmlCredential } from '../../local/mutations/save-cxml-credential';
import { Button } from '../../ui/button/Button';
import type { Column } from '../../ui/data-table/columns';
import { SimpleTable } from '../../ui/data-table/SimpleTable';
import { Field } from '../../ui/field/Field';
import { FormErrors } from '../../ui/form-errors';
import { ButtonRow } from '../../ui/form-parts';
import { MutedText } from '../../ui/page';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { Card, CardTitle, ClampedText, IdentityFields, Section, SectionTitle } from './accounts.styles';

/**
 * 'cXML inbound': who the organisation is in its partners' cXML headers (domain and
 * identity, any number), and the shared secret its system sends with its orders (a buyer) or invoices (a supplier).
 * The secret is write-only: the card says whether one is set; a typed one replaces it,
 * a blank field keeps it, "Clear shared secret" removes it on save.
 */
export function CxmlInboundCard({ orgId, online }: { orgId: string; online: boolean }) {
  const { credential, failed } = useCxmlCredential(orgId, online);
  return (
    <Card as="div" role="group" aria-label="cXML inbound">
      <CardTitle>cXML inbound</CardTitle>
      {!online ? (
        <MutedText role="status">{messages.cxmlCredentialOffline}</MutedText>
      ) : failed ? (
        <MutedText role="status">{messages.cxmlCredentialUnreadable}</MutedText>
      ) : credential === undefined ? (
        <MutedText role="status">Loading…</MutedText>
      ) : (
        <CredentialForm key={JSON.stringify(credential)} orgId={orgId} credential={credential} />
      )}
    </Card>
  );
}

function CredentialForm({ orgId, credential }: { orgId: string; credential: CxmlCredentialView }) {
  const { notify } = useSnackbar();
  const [identities, setIdentities] = useState<CxmlIdentity[]>(() => (credential.identities.length ? credential.identities : [{ domain: 'NetworkID', identity: '' }]));
  const [secret, setSecret] = useState('');
  const [clearSecret, setClearSecret] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(credential);
  const secretError = secret && secret.length < CXML_SECRET_MIN ? `Shared secret must be at least ${CXML_SECRET_MIN} characters` : undefined;

  const edit = (i: number, patch: Partial<CxmlIdentity>) => setIdentities((list) => list.map((x, k) => (k === i ? { ...x, ...patch } : x)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (secretError) return;
    const filled = identities.map((i) => ({ domain: i.domain.trim(), identity: i.identity.trim() })).filter((i) => i.domain || i.identity);
    const incomplete = filled.filter((i) => !i.domain || !i.identity);
    if (incomplete.length) return setErrors([messages.cxmlIdentityIncomplete]);
    setErrors([]);
    setSaving(true);
    try {
      const answer = await saveCxmlCredential(orgId, { identities: filled, sharedSecret: clearSecret ? '' : secret || null });
      setSaved(answer);
      setIdentities(answer.identities.length ? answer.identities : [{ domain: 'NetworkID', identity: '' }]);
      setSecret('');
      setClearSecret(false);
      notify({ variant: 'success', message: messages.propertyModified });
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverErrors(error.body, error));
      notify({ variant: 'error', message: errorToastText(error instanceof ApiError ? error.body : null, error as Error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="cXML credential">
      {identities.map((identity, i) => (
        <IdentityFields key={i} aria-label={`Credential ${i + 1}`}>
          <Field label={`Domain ${i + 1}`} value={identity.domain} onChange={(e) => edit(i, { domain: e.target.value })} />
          <Field label={`Identity ${i + 1}`} value={identity.identity} onChange={(e) => edit(i, { identity: e.target.value })} />
          {identities.length > 1 && (
            <Button variant="text" onClick={() => setIdentities((list) => list.filter((_, k) => k !== i))}>
              Remove identity {i + 1}
            </Button>
          )}
        </IdentityFields>
      ))}
      <Button variant="text" onClick={() => setIdentities((list) => [...list, { domain: 'NetworkID', identity: '' }])}>
        Add identity
      </Button>
      <Field
        label="Shared secret"
        type="password"
        autoComplete="new-password"
        value={secret}
        disabled={clearSecret}
        onChange={(e) => setSecret(e.target.value)}
        error={secretError}
        description={
          clearSecret
            ? messages.cxmlSecretCleared
            : saved.sharedSecretSet
              ? messages.cxmlSecretSet
              : messages.cxmlSecretNotSet
        }
      />
      {saved.sharedSecretSet && !clearSecret && (
        <Button variant="text" onClick={() => { setClearSecret(true); setSecret(''); }}>
          Clear shared secret
        </Button>
      )}
      <FormErrors errors={errors} label="cXML inbound not saved" />
      {saving && <MutedText role="status">Saving…</MutedText>}
      <ButtonRow>
        <Button type="submit" disabled={saving || Boolean(secretError)}>
          Save
        </Button>
      </ButtonRow>
    </form>
  );
}

const LOG_COLUMNS: Column<CxmlInboundEntry>[] = [
  { id: 'time', header: 'Time', cell: (e) => formatDateTime(e.receivedAt), minWidth: 150 },
  { id: 'type', header: 'Type', cell: (e) => e.requestType || '(unreadable)', minWidth: 120 },
  { id: 'payload', header: 'payloadID', cell: (e) => e.payloadId || '(none)', minWidth: 160, priority: 2 },
  {
    id: 'outcome',
    header: 'Outcome',
    // A partner's refusal can run long: three lines in the row, the whole text on hover and for screen readers.
    cell: (e) => <ClampedText title={`${e.statusCode} ${e.statusText}`}>{`${e.statusCode} ${e.statusText}`}</ClampedText>,
    minWidth: 200,
  },
];

/** Support's view of the last cXML requests that named this organisation, newest first. */
export function CxmlInboundLog({ orgId, online }: { orgId: string; online: boolean }) {
  const { entries, failed, reload } = useCxmlInbound(orgId, online);
  return (
    <Section aria-label="cXML inbound requests">
      <SectionTitle>cXML inbound requests</SectionTitle>
      {!online ? (
        <MutedText role="status">{messages.cxmlLogOffline}</MutedText>
      ) : failed ? (
        <MutedText role="status">{messages.cxmlLogUnreadable}</MutedText>
      ) : entries === undefined ? (
        <MutedText role="status">Loading…</MutedText>
      ) : (
        <SimpleTable label="cXML inbound requests" rows={entries} columns={LOG_COLUMNS} rowKey={(e) => `${e.receivedAt}|${e.payloadId}|${e.statusCode}`} emptyText={messages.cxmlLogEmpty} maxHeight="40vh" />
      )}
      <ButtonRow>
        <Button variant="outlined" onClick={reload} disabled={!online}>
          Refresh
        </Button>
      </ButtonRow>
    </Section>
  );
}
