import { useCallback, useEffect, useState } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { messages } from '../../domain/messages';
import { useOutboxOutcomes } from '../../local/hooks/use-outbox-entry';
import { setProductIncluded } from '../../local/mutations/set-product-included';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';

/**
 * The Included checkbox and switch: an outbox command, so the row changes at once
 * (offline too). 'Product updated' shows when the server has it; a refusal rolls the
 * row back (the overlay does) and shows the server's errors.
 */
export function useIncludeProduct(buyerId: string, sellerId: string) {
  const { notify } = useSnackbar();
  const [watched, setWatched] = useState<string[]>([]);
  const outcomes = useOutboxOutcomes(watched);

  useEffect(() => {
    const settled = (outcomes ?? []).filter((o) => o.outcome !== 'pending');
    if (settled.length === 0) return;
    for (const o of settled) {
      if (o.outcome === 'sent') notify({ variant: 'success', message: messages.productUpdated });
      else notify({ variant: 'error', message: o.errors.join(' ') || messages.somethingWentWrong });
    }
    const done = new Set(settled.map((o) => o.id));
    setWatched((ids) => ids.filter((id) => !done.has(id)));
  }, [outcomes, notify]);

  return useCallback(
    (productCode: string, included: boolean) => {
      setProductIncluded(buyerId, sellerId, productCode, included).then(
        (entry) => setWatched((ids) => [...ids, entry.id]),
        (error: unknown) => notify({ variant: 'error', message: errorToastTextOf(error) }),
      );
    },
    [buyerId, sellerId, notify],
  );
}
