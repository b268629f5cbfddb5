import type { FieldError } from '@catalyst/contracts';

/**
 * The API's JSON answer as a client reads it without trusting it: the success shape's `data` (of the type the
 * caller expects), or the one error shape; any part may be missing.
 */
export interface ApiBody<D = unknown> {
  success?: boolean;
  data?: D;
  message?: string;
  errors?: FieldError[];
}
