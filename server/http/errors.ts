import { issueTexts, type FieldIssue } from '../../src/domain/messages';

/**
 * An answer with the spec's `errors` list; the error handler turns it into the reply.
 * Rule refusals of a form may also name each error's field (`fieldErrors`), sent
 * next to `errors`, which keeps the same texts in the same order.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    readonly fieldErrors?: readonly FieldIssue[],
  ) {
    super(errors.join(', '));
  }
}

export const badRequest = (errors: string[]) => new HttpError(400, errors);
/** A 400 of rule errors that each name their field: `{errors, fieldErrors}`. */
export const badRequestAt = (issues: readonly FieldIssue[]) => new HttpError(400, issueTexts(issues), issues);
export const unauthorized = () => new HttpError(401, ['Not signed in']);
export const forbidden = () => new HttpError(403, ['Not allowed for this organisation']);
export const notFound = (what = 'Record') => new HttpError(404, [`${what} not found`]);
export const conflict = (errors: string[]) => new HttpError(409, errors);
