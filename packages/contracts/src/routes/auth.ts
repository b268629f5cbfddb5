import { z } from 'zod';
import {
  addressLanguagesRequestSchema,
  addressLanguagesResponseSchema,
  changePasswordRequestSchema,
  currentUserResponseSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  resolveSessionRequestSchema,
  resolveSessionResponseSchema,
  sessionResponseSchema,
  updateProfileRequestSchema,
  userSummarySchema,
  usersCountResponseSchema,
  usersLookupRequestSchema,
  provisionUserRequestSchema,
  provisionUserResponseSchema,
  verifyEmailQuerySchema,
} from '../auth';
import {
  adminAuditEntrySchema,
  adminAuditQuerySchema,
  adminUserParamsSchema,
  adminUserQuerySchema,
  adminUserSchema,
} from '../admin-users';
import { objectIdSchema, pageSchema } from '../api';
import { roleSchema } from '../identity';
import { defineRoutes } from './define';

const service = 'auth';
const endedSessions = z.object({ endedSessions: z.number().int() });

/**
 * Accounts and sessions. Auth is the one service that sees the raw bearer token (the gateway forwards
 * it); `evicts` names the cached identities a successful answer makes stale at the gateway.
 */
export const authRoutes = defineRoutes({
  register: {
    refuses: {
      409: 'The e-mail address belongs to another account',
      429: 'Too many accounts registered from this address or for this e-mail address lately',
    },
    method: 'POST',
    path: '/auth/register',
    service,
    access: 'public',
    status: 201,
    summary: 'Create an account (the same answer for a taken address)',
    body: registerRequestSchema,
    response: registerResponseSchema,
  },
  login: {
    refuses: {
      429: 'Too many failed attempts for this account or from this address: wait Retry-After seconds',
    },
    method: 'POST',
    path: '/auth/login',
    service,
    access: 'public',
    summary: 'Sign in: a session token',
    body: loginRequestSchema,
    response: sessionResponseSchema,
  },
  refresh: {
    method: 'POST',
    path: '/auth/refresh',
    service,
    access: 'public',
    summary:
      "A new access token from this browser's remembered sign-in (its HttpOnly cookie, rotated on every use)",
    response: sessionResponseSchema,
  },
  me: {
    method: 'GET',
    path: '/auth/me',
    service,
    access: 'user',
    summary: 'The signed-in user',
    response: currentUserResponseSchema,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    service,
    access: 'public',
    evicts: 'token',
    summary: "End this session and the browser's remembered sign-in",
    response: z.null(),
  },
  logoutEverywhere: {
    method: 'POST',
    path: '/auth/logout-all',
    service,
    access: 'user',
    evicts: 'user',
    summary: 'End every session of the account, this one included',
    response: endedSessions,
  },
  verifyEmail: {
    method: 'GET',
    path: '/auth/verify-email',
    service,
    access: 'public',
    evicts: 'user',
    summary: "Confirm an e-mail address with the link's token",
    query: verifyEmailQuerySchema,
    response: z.object({ email: z.string() }),
  },
  forgotPassword: {
    refuses: { 429: 'Too many reset e-mails asked for this address or from this client lately' },
    method: 'POST',
    path: '/auth/forgot-password',
    service,
    access: 'public',
    summary: 'E-mail a reset link (the same answer for any address)',
    body: forgotPasswordRequestSchema,
    response: z.null(),
  },
  resetPassword: {
    refuses: { 429: 'Too many reset attempts from this client lately' },
    method: 'POST',
    path: '/auth/reset-password',
    service,
    access: 'public',
    evicts: 'user',
    summary: "Set a new password with the reset link's token",
    body: resetPasswordRequestSchema,
    response: z.null(),
  },
});

/** The signed-in user's own account. */
export const userRoutes = defineRoutes({
  updateProfile: {
    refuses: { 409: 'The new e-mail address belongs to another account' },
    method: 'PUT',
    path: '/users/profile',
    service,
    access: 'user',
    evicts: 'user',
    summary: 'Change your name or e-mail address (a new address needs the current password)',
    body: updateProfileRequestSchema,
    response: currentUserResponseSchema,
  },
  changePassword: {
    method: 'PUT',
    path: '/users/change-password',
    service,
    access: 'user',
    evicts: 'user',
    summary: 'Change your password (every other session ends)',
    body: changePasswordRequestSchema,
    response: endedSessions,
  },
  deleteAccount: {
    refuses: { 409: 'The last admin cannot delete their account' },
    method: 'DELETE',
    path: '/users/profile',
    service,
    access: 'user',
    evicts: 'user',
    summary: 'Delete your account, its plan and its progress (the password confirms it)',
    body: deleteAccountRequestSchema,
    response: z.null(),
  },
});

/** Admins' view of the accounts (/admin/users): each action answers the account as it now is and is audited. */
export const adminUserRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/admin/users',
    service,
    access: 'admin',
    summary: 'Accounts, newest first: search by name or e-mail, filter by role, verification and status',
    query: adminUserQuerySchema,
    response: pageSchema(adminUserSchema),
  },
  resendVerification: {
    refuses: { 409: 'The account is already verified' },
    method: 'POST',
    path: '/admin/users/:userId/resend-verification',
    service,
    access: 'admin',
    summary: "Send an unverified account's verification e-mail again",
    params: adminUserParamsSchema,
    response: adminUserSchema,
  },
  revokeSessions: {
    method: 'POST',
    path: '/admin/users/:userId/revoke-sessions',
    service,
    access: 'admin',
    summary: 'End every session and remembered sign-in of an account',
    params: adminUserParamsSchema,
    response: adminUserSchema,
  },
  deactivate: {
    refuses: { 409: 'The account is already deactivated' },
    method: 'POST',
    path: '/admin/users/:userId/deactivate',
    service,
    access: 'admin',
    summary: 'Deactivate an account: its sessions end and it cannot sign in (not your own)',
    params: adminUserParamsSchema,
    response: adminUserSchema,
  },
  reactivate: {
    refuses: { 409: 'The account is not deactivated' },
    method: 'POST',
    path: '/admin/users/:userId/reactivate',
    service,
    access: 'admin',
    summary: 'Let a deactivated account sign in again',
    params: adminUserParamsSchema,
    response: adminUserSchema,
  },
  auditLog: {
    method: 'GET',
    path: '/admin/users/audit',
    service,
    access: 'admin',
    summary: 'Every admin action on accounts, newest first',
    query: adminAuditQuerySchema,
    response: pageSchema(adminAuditEntrySchema),
  },
});

/** Peers' calls into auth (shared secret; never through the gateway). */
export const authInternalRoutes = defineRoutes({
  resolveSession: {
    method: 'POST',
    path: '/internal/sessions/resolve',
    service,
    access: 'internal',
    summary: "A session token's identity (the gateway's edge authentication)",
    body: resolveSessionRequestSchema,
    response: resolveSessionResponseSchema,
  },
  userCount: {
    method: 'GET',
    path: '/internal/users/count',
    service,
    access: 'internal',
    summary: 'How many accounts exist (admin dashboard)',
    response: usersCountResponseSchema,
  },
  lookupUsers: {
    method: 'POST',
    path: '/internal/users/lookup',
    service,
    access: 'internal',
    summary: 'Names and e-mail addresses of the given users',
    body: usersLookupRequestSchema,
    response: z.array(userSummarySchema),
  },
  addressLanguages: {
    method: 'POST',
    path: '/internal/users/address-languages',
    service,
    access: 'internal',
    summary: 'The language chosen by the account of each given address, if any (to write a mail to it)',
    body: addressLanguagesRequestSchema,
    response: addressLanguagesResponseSchema,
  },
  provisionUser: {
    method: 'POST',
    path: '/internal/users/provision',
    service,
    access: 'internal',
    summary: "A directory's person (SCIM): the account of an address, made verified if there is none",
    body: provisionUserRequestSchema,
    response: provisionUserResponseSchema,
  },
  setRole: {
    method: 'PUT',
    path: '/internal/users/:userId/role',
    service,
    access: 'internal',
    summary: "Set an account's role (content makes a linked account a creator, and back); never an admin's",
    params: z.object({ userId: z.string().min(1).max(64) }),
    body: z.object({
      role: z.enum(['user', 'creator']),
      /** The creator a creator account acts for (none when it goes back to 'user'). */
      creatorId: objectIdSchema.nullable().optional(),
    }),
    response: z.object({ id: z.string(), role: roleSchema }),
  },
});
