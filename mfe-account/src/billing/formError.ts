import { isApiRequestError } from '@catalyst/web-kit';

/** A refused form: the server's words and the field they are about (none: shown above the button). */
export interface FormError {
  message: string;
  field?: string;
}

/** The server's refusal (a 4xx) as it worded it, with its first field; anything else `fallback`. */
export const formErrorOf = (err: unknown, fallback: string): FormError =>
  isApiRequestError(err) && err.status < 500
    ? { message: err.message, field: err.errors[0]?.field }
    : { message: fallback };

/** What to show under one field: the refusal, when it names that field. */
export const fieldErrorOf = (error: FormError | null, field: string) =>
  error?.field === field ? error.message : null;
