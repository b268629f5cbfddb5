import { z } from 'zod';
import { NOTIFICATION_TYPES, PUSH_MESSAGES } from './notification-terms';

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

/** A type's switches; `email` is null for the types community does not mail; `push`: to this person's devices. */
export const notificationPreferenceSchema = z.object({
  type: notificationTypeSchema,
  inApp: z.boolean(),
  email: z.boolean().nullable(),
  push: z.boolean(),
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
    .array(
      notificationPreferenceSchema.extend({
        email: z.boolean().nullable().optional(),
        push: z.boolean().optional(),
      }),
    )
    .min(1, 'preferences must name at least one type')
    .max(NOTIFICATION_TYPES.length),
});

/** What a person's notification stream carries: a new notification, or the unread count after a change. */
export const notificationStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema, unread: z.number().int() }),
  z.object({ type: z.literal('unread'), unread: z.number().int() }),
]);
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;

/** The server's VAPID public key (base64url) a browser subscribes with; null when push is not set up here. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });

/** A push service's address: https, a host name (no credentials), at most 1,000 characters. */
const pushEndpointSchema = z
  .string()
  .max(1000, 'endpoint must be at most 1000 characters')
  .url(PUSH_MESSAGES.notHttps)
  .refine((raw) => {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    return (
      !url || ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password)
    );
  }, PUSH_MESSAGES.notHttps);

const base64url = (field: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`)
    .refine(
      (value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes,
      `${field} must be ${bytes} bytes`,
    );

/** A browser's PushSubscription as `toJSON()` gives it (expirationTime is ignored). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({ p256dh: base64url('keys.p256dh', 65), auth: base64url('keys.auth', 16) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushEndpointBodySchema = z.object({ endpoint: pushEndpointSchema });

/** The caller's subscribed devices (a browser tells itself by its own endpoint). */
export const pushSubscriptionsSchema = z.object({
  subscriptions: z.array(
    z.object({ endpoint: z.string(), createdAt: z.string(), lastSuccessAt: z.string().nullable() }),
  ),
});
export type PushSubscriptions = z.infer<typeof pushSubscriptionsSchema>;

/** What a push message carries: the service worker shows the title and body and opens `url` (inside the app). */
export const pushMessageSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushMessage = z.infer<typeof pushMessageSchema>;
