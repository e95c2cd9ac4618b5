import type { ReactNode } from 'react';
import { messages } from '../../domain/messages';
import { perspectiveOf } from '../../domain/roles';
import { useActiveSession } from '../../local/session/use-session';
import { Notice } from '../../ui/page';

/** Orders belong to a seller or a buyer, so support must assume one before seeing any. */
export function AssumedRoleRequired({ children }: { children?: ReactNode }) {
  const { viewer } = useActiveSession();
  if (perspectiveOf(viewer) === 'SUPPORT') return <Notice>{messages.assumeRoleForOrders}</Notice>;
  return children;
}
