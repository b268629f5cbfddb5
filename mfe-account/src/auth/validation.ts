import {
  authMessages,
  normaliseEmail,
  validateConfirmPassword,
  validateEmail,
  validateLoginPassword,
  validateName,
  validateNewPassword,
} from '@catalyst/contracts';

export interface LoginFields {
  email: string;
  password: string;
}

export interface RegisterFields extends LoginFields {
  name: string;
  confirmPassword: string;
}

export type AuthField = keyof RegisterFields;
export type FieldErrors = Partial<Record<AuthField, string>>;

const withoutEmpty = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => !!message)) as FieldErrors;

/** Login view: a valid e-mail and any password. */
export function validateLogin(fields: LoginFields): FieldErrors {
  return withoutEmpty({
    email: validateEmail(fields.email),
    password: validateLoginPassword(fields.password),
  });
}

/** Register view: spec section 5's rules, one message per field, in the spec's words. */
export function validateRegister(fields: RegisterFields): FieldErrors {
  return withoutEmpty({
    name: validateName(fields.name),
    email: validateEmail(fields.email),
    password: validateNewPassword(fields.password),
    confirmPassword: validateConfirmPassword(fields.password, fields.confirmPassword),
  });
}

/** What is sent: the name trimmed, the e-mail trimmed and lower-cased. */
export const loginPayload = (fields: LoginFields) => ({
  email: normaliseEmail(fields.email),
  password: fields.password,
});
export const registerPayload = (fields: RegisterFields) => ({
  name: fields.name.trim(),
  email: normaliseEmail(fields.email),
  password: fields.password,
});

const AUTH_FIELDS: readonly AuthField[] = ['name', 'email', 'password', 'confirmPassword'];

function fieldName(raw: unknown): AuthField | undefined {
  if (typeof raw !== 'string') return undefined;
  const last = raw.split('.').pop() ?? raw;
  return (AUTH_FIELDS as readonly string[]).includes(last) ? (last as AuthField) : undefined;
}

/**
 * Field errors from any of the three server shapes the spec names: an errors array whose entries carry
 * `path` or `field` and `msg` or `message`; an error object keyed by field; (a plain message has none).
 */
export function serverFieldErrors(errors: unknown): FieldErrors {
  const result: FieldErrors = {};
  if (Array.isArray(errors)) {
    for (const entry of errors) {
      if (!entry || typeof entry !== 'object') continue;
      const item = entry as Record<string, unknown>;
      const field = fieldName(item.field ?? item.path ?? item.param);
      const message = item.message ?? item.msg;
      if (field && typeof message === 'string' && !result[field]) result[field] = message;
    }
  } else if (errors && typeof errors === 'object') {
    for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
      const field = fieldName(key);
      const message =
        typeof value === 'string'
          ? value
          : value && typeof value === 'object'
            ? ((value as Record<string, unknown>).message ?? (value as Record<string, unknown>).msg)
            : undefined;
      if (field && typeof message === 'string') result[field] = message;
    }
  }
  return result;
}

export type AuthFailure =
  /** The server refused with messages for fields: they go under the inputs. */
  | { kind: 'fields'; fields: FieldErrors; message: string }
  /** A refusal without field errors (wrong credentials, too many attempts, a taken e-mail…). */
  | { kind: 'refused'; message: string }
  /** Nothing usable came back: the network or the server failed. */
  | { kind: 'thrown'; message: string };

/** Sorts a failed login/register into what the dialog does with it (spec section 8). */
export function classifyAuthFailure(
  error: unknown,
  message: string | undefined,
  view: 'login' | 'register',
): AuthFailure {
  const fallback = view === 'login' ? authMessages.loginFailed : authMessages.registrationFailed;
  const status =
    error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number'
      ? (error as { status: number }).status
      : undefined;
  if (status === undefined || status === 0 || status >= 500) {
    return { kind: 'thrown', message: message || authMessages.networkOrServer };
  }
  const fields = serverFieldErrors((error as { errors?: unknown }).errors);
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields, message: message || fallback };
  return { kind: 'refused', message: message || fallback };
}
