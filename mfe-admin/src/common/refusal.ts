import { isApiRequestError } from '@catalyst/web-kit';

/** A refusal in the server's words (a 4xx, the one error shape), else `fallback` (a failure that is not the person's). */
export const refusalOf = (error: unknown, fallback: string): string =>
  isApiRequestError(error) && error.status < 500 ? error.message : fallback;

/** The server's message for one field of a refused form, when it named that field. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined =>
  isApiRequestError(error) ? error.fieldError(field) : undefined;
