import { z } from 'zod';
import { NOTIFICATION_TYPES } from './notification-terms';

export * from './notification-terms';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** One notification as its owner reads it; `link` is an address inside the app. */
export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  /** The `nextCursor` of the page before (newest first). */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be a nextCursor from the page before')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationParamsSchema = z.object({
  notificationId: z.string().regex(/^\d{1,18}$/, 'Invalid notification id'),
});

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** A type's two switches; `email` is null for the types community does not mail. */
export const notificationPreferenceSchema = z.object({
  type: notificationTypeSchema,
  inApp: z.boolean(),
  email: z.boolean().nullable(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
  /** Every community e-mail was stopped by an e-mail's "stop all" link (saving an e-mail switch on takes it back). */
  emailStopped: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesBodySchema = z.object({
  preferences: z
    .array(notificationPreferenceSchema.extend({ email: z.boolean().nullable().optional() }))
    .min(1, 'preferences must name at least one type')
    .max(NOTIFICATION_TYPES.length),
});

/** What a person's notification stream carries: a new notification, or the unread count after a change. */
export const notificationStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema, unread: z.number().int() }),
  z.object({ type: z.literal('unread'), unread: z.number().int() }),
]);
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;
