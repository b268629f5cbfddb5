// Contracts of the admin users page (GET /admin/users and its actions, the admin audit log); its words are
// in admin-users-terms.ts (re-exported here).
import { z } from 'zod';
import { objectIdSchema, pagingQuerySchema } from './api';
import { ADMIN_USER_ACTIONS, ADMIN_USER_SEARCH_MAX_LENGTH, adminUserMessages } from './admin-users-terms';
import { subscriptionStatusValues } from './billing';
import { roleSchema } from './identity';

export * from './admin-users-terms';

/** GET /admin/users: a search over name and e-mail, and filters; empty strings mean "any". */
export const adminUserQuerySchema = pagingQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(ADMIN_USER_SEARCH_MAX_LENGTH, adminUserMessages.searchTooLong)
    .optional()
    .transform((value) => value || undefined),
  role: z.union([roleSchema, z.literal('')]).optional(),
  verified: z.enum(['', 'verified', 'unverified']).optional(),
  status: z.enum(['', 'active', 'deactivated']).optional(),
});

/** One account as the admin list shows it. */
export const adminUserSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** The latest access token issued to it (a sign-in, or a remembered sign-in's refresh); null: never. */
  lastActiveAt: z.string().nullable(),
  /** When an admin deactivated it (it cannot sign in); null: active. */
  deactivatedAt: z.string().nullable(),
  /** From billing: 'premium' while a subscription grants access; null when billing could not be asked. */
  plan: z.enum(['premium', 'free']).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserParamsSchema = z.object({ userId: objectIdSchema });

export const adminUserActionSchema = z.enum(ADMIN_USER_ACTIONS);

/** One row of the admin audit log: who did what to which account, and when. */
export const adminAuditEntrySchema = z.object({
  _id: objectIdSchema,
  action: adminUserActionSchema,
  admin: z.object({ id: objectIdSchema, name: z.string() }),
  target: z.object({ id: objectIdSchema, name: z.string(), email: z.string() }),
  /** What the action changed ('3 sessions ended'), when there is more to say. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditQuerySchema = pagingQuerySchema;

// ---------- billing's internal answer ----------

export const planLookupRequestSchema = z.object({ userIds: z.array(objectIdSchema).max(100) });
/** Each asked user's plan (a user billing never saw is 'free'). */
export const planLookupResponseSchema = z.array(
  z.object({
    userId: objectIdSchema,
    plan: z.enum(['premium', 'free']),
    status: z.enum(subscriptionStatusValues),
  }),
);
