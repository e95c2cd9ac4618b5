import { FormMessage as Message } from './auth-layout.styles';

export type FormNotice = { tone: 'success' | 'error'; text: string } | null;

/** The outcome of a submit: errors are read out at once, successes politely. */
export function FormMessage({ notice }: { notice: FormNotice }) {
  if (!notice) return null;
  return (
    <Message $tone={notice.tone} role={notice.tone === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </Message>
  );
}
