import { useCallback, useEffect, useState } from 'react';
import { getCxmlCredential, getCxmlInbound } from '../../api/cxml-credential-calls';
import type { CxmlCredentialView, CxmlInboundEntry } from '../../domain/schemas/cxml-credential';

/**
 * cXML inbound is read from the server each time the card opens, and not mirrored: the
 * credential sits next to a write-only secret, and the request log is support's view of
 * what a partner's system just sent, which only the server knows.
 */
function useServerRead<T>(read: () => Promise<T>, online: boolean) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!online) return;
    let live = true;
    read().then(
      (v) => {
        if (!live) return;
        setValue(v);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [read, online, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { value, failed, reload, setValue };
}

export function useCxmlCredential(orgId: string, online: boolean) {
  const read = useCallback(() => getCxmlCredential(orgId), [orgId]);
  const { value, failed, reload, setValue } = useServerRead<CxmlCredentialView>(read, online);
  return { credential: value, failed, reload, replace: setValue };
}

export function useCxmlInbound(orgId: string, online: boolean) {
  const read = useCallback(() => getCxmlInbound(orgId), [orgId]);
  const { value, failed, reload } = useServerRead<CxmlInboundEntry[]>(read, online);
  return { entries: value, failed, reload };
}

