import { useId, type Ref } from 'react';
import { messages } from '../domain/messages';
import { SummaryBox } from './error-summary.styles';

/** One error of a form: `target` is the id of the control it is about (none: the form as a whole). */
export interface SummaryIssue {
  message: string;
  target?: string;
}

interface ErrorSummaryProps {
  issues: readonly SummaryIssue[];
  /** The form takes the focus here when a submit was refused, so the user starts from the list. */
  ref?: Ref<HTMLDivElement>;
  /** Makes a control reachable before it is focused (selects the tab it is on). */
  reveal?: (target: string) => void;
}

/**
 * The errors that kept a form from being submitted, next to its submit button: each one a
 * link to the control it is about, which it focuses. Nothing when there are none.
 */
export function ErrorSummary({ issues, ref, reveal }: ErrorSummaryProps) {
  const titleId = useId();
  if (issues.length === 0) return null;
  const goTo = (target: string) => {
    reveal?.(target);
    // The control of a tab just selected is in the page only once that render is done; focusing scrolls it into view.
    setTimeout(() => document.getElementById(target)?.focus(), 0);
  };
  return (
    <SummaryBox ref={ref} tabIndex={-1} role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>{messages.errorSummaryTitle(issues.length)}</h3>
      <ul>
        {issues.map(({ message, target }) => (
          <li key={`${target ?? ''} ${message}`}>
            {target ? (
              <a
                href={`#${target}`}
                onClick={(event) => {
                  event.preventDefault();
                  goTo(target);
                }}
              >
                {message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
    </SummaryBox>
  );
}
