/** An error whose message is safe to show: the error handler answers `{ detail: message }` with `status`. */
export class HttpError extends Error {
  readonly status: number;
  /** A stable, machine-readable reason for clients that must react to one refusal in particular. */
  readonly code: string | undefined;
  constructor(status: number, detail: string, code?: string) {
    super(detail);
    this.status = status;
    this.code = code;
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Sign in to continue.') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const conflict = (detail: string, code?: string) => new HttpError(409, detail, code);
