// Contracts of the auth area: request and response schemas shared by its service and its remote. The
// field rules they apply are plain functions in auth-terms.ts (re-exported here).
import { z } from 'zod';
import { objectIdSchema } from './api';
import {
  authMessages,
  normaliseEmail,
  PASSWORD_MAX_LENGTH,
  validateEmail,
  validateLoginPassword,
  validateName,
  validateNewEmail,
  validateNewPassword,
} from './auth-terms';
import { identitySchema, languageSchema, roleSchema } from './identity';

export * from './auth-terms';

/** A string field checked by one of the rule functions above (non-strings read as empty). */
const ruled = (rule: (value: string) => string | undefined) =>
  z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value : ''))
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

const nameField = ruled(validateName).transform((value) => value.trim());
const emailField = ruled(validateEmail).transform(normaliseEmail);

// ---------- requests ----------

const newEmailField = ruled(validateNewEmail).transform(normaliseEmail);

export const registerRequestSchema = z.object({
  name: nameField,
  email: newEmailField,
  password: ruled((value) => validateNewPassword(value)),
});

/**
 * `remember`: keep this browser signed in (across tabs and restarts) through an HttpOnly cookie; left out
 * or false ("This is a shared computer"), the sign-in lives in the tab only, as a token in the answer.
 */
export const loginRequestSchema = z.object({
  email: emailField,
  password: ruled(validateLoginPassword),
  remember: z.boolean({ message: authMessages.rememberBoolean }).optional(),
});

/** A changed e-mail also needs the current password (checked by the server against the account). */
export const updateProfileRequestSchema = z.object({
  name: nameField,
  email: newEmailField,
  currentPassword: z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value : ''))
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH, authMessages.currentPasswordIncorrect)
    .optional(),
  /** The language the account is shown in (left out: unchanged; null: none, the browser's is used). */
  locale: languageSchema.nullable().optional(),
});

export const changePasswordRequestSchema = z
  .object({
    currentPassword: ruled((value) =>
      value
        ? value.length > PASSWORD_MAX_LENGTH
          ? authMessages.currentPasswordIncorrect
          : undefined
        : authMessages.currentPasswordRequired,
    ),
    newPassword: ruled((value) => validateNewPassword(value, authMessages.newPasswordRequired)),
    confirmPassword: ruled((value) => (value ? undefined : authMessages.confirmRequired)),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.newPassword && value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch });
    }
  });

/** DELETE /users/profile: the account's own password confirms the deletion. */
export const deleteAccountRequestSchema = z.object({
  password: ruled((value) =>
    value
      ? value.length > PASSWORD_MAX_LENGTH
        ? authMessages.passwordIncorrect
        : undefined
      : authMessages.passwordRequired,
  ),
});

export const forgotPasswordRequestSchema = z.object({ email: emailField });

export const resetPasswordRequestSchema = z.object({
  token: ruled((value) =>
    value.trim() === ''
      ? authMessages.noResetToken
      : value.length > 512
        ? authMessages.resetInvalid
        : undefined,
  ),
  password: ruled((value) => validateNewPassword(value)),
});

export const verifyEmailQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .refine((value) => value !== '', authMessages.noVerificationToken),
});

// ---------- responses ----------

/** A user as the API returns it (never the password hash). */
const userSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** The language the account chose (null or absent: none yet, the browser's is used). */
  locale: languageSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * data of POST /auth/register: the same for a new and a taken address (a taken one is never revealed;
 * its owner gets an e-mail instead). The client signs in with the same credentials afterwards.
 */
export const registerResponseSchema = z.object({ email: z.string() });

/** data of POST /auth/login. */
export const sessionResponseSchema = z.object({ user: userSchema, token: z.string(), expiresAt: z.string() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** data of GET /auth/me and PUT /users/profile. */
export const currentUserResponseSchema = z.object({ user: userSchema });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

// ---------- internal routes (service to service, never exposed by the gateway) ----------

export const resolveSessionRequestSchema = z.object({ token: z.string().min(1).max(512) });
export const resolveSessionResponseSchema = z.object({ identity: identitySchema });

export const usersCountResponseSchema = z.object({ count: z.number().int() });

/** Auth's user lookup takes at most this many ids a call. */
export const USERS_LOOKUP_MAX = 500;
export const usersLookupRequestSchema = z.object({ ids: z.array(objectIdSchema).max(USERS_LOOKUP_MAX) });
/**
 * Addresses a service is about to mail that may have no account (an invitation, a gift): the answer names the
 * language each address's account chose, leaving out addresses with no account or no choice.
 */
export const addressLanguagesRequestSchema = z.object({
  emails: z.array(z.string().trim().toLowerCase().max(254)).max(500),
});
export const addressLanguagesResponseSchema = z.array(
  z.object({ email: z.string(), locale: languageSchema }),
);
/** A person a team's directory provisions (SCIM): found by address, else made verified with a password nobody knows. */
export const provisionUserRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  name: z.string().trim().max(100).optional(),
});
export const provisionUserResponseSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  email: z.string(),
  created: z.boolean(),
  deactivated: z.boolean(),
});
export type ProvisionUserResponse = z.infer<typeof provisionUserResponseSchema>;
/**
 * `createdAt`: when the account was made (ISO 8601), for community's new-account posting rate; `role`: so
 * community's e-mails about premium discussions go only to those who may still open them (admins always may).
 */
export const userSummarySchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  email: z.string(),
  createdAt: z.string().optional(),
  role: roleSchema.optional(),
  /** The account's language, when it chose one: what the e-mails other services send it are written in. */
  locale: languageSchema.optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
