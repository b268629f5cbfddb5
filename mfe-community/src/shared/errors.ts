import { isApiRequestError, NETWORK_ERROR_MESSAGE } from '@catalyst/web-kit';

/** The message a person reads for a failed call: the server's own (the one error shape), else the network's. */
export const messageOf = (error: unknown): string =>
  isApiRequestError(error) ? error.message : NETWORK_ERROR_MESSAGE;

/** A field's own error from the server's `errors` list, when it named that field. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined =>
  isApiRequestError(error) ? error.fieldError(field) : undefined;
