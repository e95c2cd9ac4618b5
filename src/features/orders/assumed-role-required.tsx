import type { ReactNode } from 'react';
import { messages } from '../../domain/messages';
import { Notice } from '../../ui/page';
import { useOrderPerspective, type OrderPerspective } from './use-order-perspective';

/** Orders belong to a seller or a buyer, so support must assume one before seeing any. */
export function AssumedRoleRequired({ children }: { children: (perspective: OrderPerspective) => ReactNode }) {
  const perspective = useOrderPerspective();
  if (!perspective) return <Notice>{messages.assumeRoleForOrders}</Notice>;
  return children(perspective);
}
