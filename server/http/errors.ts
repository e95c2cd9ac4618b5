/** An answer with the spec's `errors` list; the error handler turns it into the reply. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors.join(', '));
  }
}

export const badRequest = (errors: string[]) => new HttpError(400, errors);
export const unauthorized = () => new HttpError(401, ['Not signed in']);
export const forbidden = () => new HttpError(403, ['Not allowed for this organisation']);
export const notFound = (what = 'Record') => new HttpError(404, [`${what} not found`]);
export const conflict = (errors: string[]) => new HttpError(409, errors);
