import { ApiError } from '../../local/online/server-answers';
import { errorToastText, messages } from '../../domain/messages';

/** Recovery shows a 400's errors as the server wrote them; anything else gets the generic text. */
export function recoveryFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return errorToastText(error.body);
  return messages.somethingWentWrong;
}
