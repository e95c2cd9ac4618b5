import { matchingMessages as m } from '../matching-messages';
import type { MatchOutcome } from '../schemas/invoice-matching';
import type { ValidationErrors } from '../schemas/invoices';

const LEVELS = ['general', 'header', 'line'] as const;

/** The outcome as the screens show it: 'Exceptions (3)'. */
export function outcomeLabel(outcome: MatchOutcome): string {
  return outcome.status === 'Exceptions' ? `Exceptions (${outcome.exceptions})` : outcome.status;
}

/**
 * What a matching run changed, for the invoice's history ('2 line exceptions resolved;
 * Exceptions (2) -> Matched'); null when it changed nothing, so a re-match that finds
 * the same writes no entry.
 */
export function describeMatchChange(
  before: { errors: ValidationErrors; outcome: MatchOutcome | null },
  after: { errors: ValidationErrors; outcome: MatchOutcome },
): string | null {
  const parts: string[] = [];
  for (const level of LEVELS) {
    const old = new Set(before.errors[level].map((e) => e.error));
    const now = new Set(after.errors[level].map((e) => e.error));
    const resolved = [...old].filter((e) => !now.has(e)).length;
    const raised = [...now].filter((e) => !old.has(e)).length;
    if (resolved) parts.push(m.exceptionsResolved(resolved, level));
    if (raised) parts.push(m.exceptionsRaised(raised, level));
  }
  const from = before.outcome ? outcomeLabel(before.outcome) : null;
  const to = outcomeLabel(after.outcome);
  if (from !== to) parts.push(from ? `${from} -> ${to}` : to);
  return parts.length ? parts.join('; ') : null;
}
