export type StripeErrorType =
  'invalid_request_error' | 'api_error' | 'card_error' | 'authentication_error' | 'idempotency_error';

/** An error answered in Stripe's own shape: { error: { type, code, message, param } }. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);
export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export function stripeErrorBody(error: StripeApiError) {
  return {
    error: {
      type: error.type,
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.param ? { param: error.param } : {}),
    },
  };
}
