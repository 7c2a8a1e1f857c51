import { SERVER_MESSAGES } from '@plantride/schemas';

/** A refusal the client can act on; the HTTP layer answers `status` with `message`, appending nothing. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string) => new DomainError(400, message);
export const unauthorized = (message: string = SERVER_MESSAGES.authenticationRequired) => new DomainError(401, message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) => new DomainError(403, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) => new DomainError(404, message);
export const conflict = (message: string = SERVER_MESSAGES.conflict) => new DomainError(409, message);
