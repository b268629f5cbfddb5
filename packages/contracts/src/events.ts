// Domain events: facts a service appends to its outbox in the fact's own transaction, read by consumers
// (webhooks, xAPI, LTI grade passback) through the owners' feeds, by cursor.
import { z } from 'zod';
import { subscriptionStatusValues } from './billing';
import { assignmentTargetKindValues } from './team-learning-terms';

/** What every event carries besides its type and data. */
const envelope = {
  /** The outbox's position (a bigint, as text): pass the last one read as `after` to read on. */
  seq: z.string().regex(/^\d+$/),
  /** Stable across re-reads and replicas: consumers dedupe on it. */
  id: z.uuid(),
  userId: z.string().nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
};

const event = <T extends string, D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({ ...envelope, type: z.literal(type), data: z.object(data) });

const subscriptionData = {
  subscriptionId: z.string(),
  status: z.enum(subscriptionStatusValues),
  plan: z.string(),
};

/** Progress's events. */
export const progressEventSchemas = [
  /** The learner's first progress on a product (a course's first lesson too). */
  event('enrollment.started', { productId: z.string() }),
  /** The product's figure crossed one of 25, 50, 75 (once per crossing; a reset starts over). */
  event('progress.reached', {
    productId: z.string(),
    percent: z.union([z.literal(25), z.literal(50), z.literal(75)]),
  }),
  event('lesson.completed', { productId: z.string(), lessonId: z.string() }),
  /** Any product completed: a course (all its lessons) or a single video. */
  event('course.completed', { productId: z.string() }),
  event('quiz.graded', {
    productId: z.string(),
    lessonId: z.string(),
    attemptId: z.string(),
    /** 0..1 */
    score: z.number().min(0).max(1),
    passed: z.boolean(),
  }),
  /** A course's certificate (`productId`) or a learning path's (`pathId`); `certificateId` is its public code. */
  event('certificate.issued', {
    certificateId: z.string(),
    code: z.string(),
    productId: z.string().nullable(),
    pathId: z.string().nullable(),
  }),
] as const;

/** Billing's events. */
export const billingEventSchemas = [
  event('subscription.created', subscriptionData),
  event('subscription.updated', subscriptionData),
  event('subscription.canceled', subscriptionData),
  /** A member (not the owner) took a seat of a team. */
  event('member.joined', { teamId: z.string() }),
  /** An item the member's team assigned them is due within two days and they have not finished it (once each). */
  event('assignment.due-soon', {
    teamId: z.string(),
    assignmentId: z.string(),
    targetKind: z.enum(assignmentTargetKindValues),
    targetId: z.string(),
    /** What its page is addressed by: a product's productId, a path's slug. */
    key: z.string(),
    title: z.string(),
    dueAt: z.iso.datetime({ offset: true }),
  }),
] as const;

export const domainEventSchema = z.discriminatedUnion('type', [
  ...progressEventSchemas,
  ...billingEventSchemas,
]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];
/** One type's event: `EventOf<'quiz.graded'>['data']['score']`. */
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const PROGRESS_EVENT_TYPES = progressEventSchemas.map((s) => s.shape.type.value);
export const BILLING_EVENT_TYPES = billingEventSchemas.map((s) => s.shape.type.value);
/** Every event type, progress's first: what a webhook endpoint may subscribe to. */
export const DOMAIN_EVENT_TYPES = [...PROGRESS_EVENT_TYPES, ...BILLING_EVENT_TYPES] as DomainEventType[];
export const domainEventTypeSchema = z.enum(DOMAIN_EVENT_TYPES as [DomainEventType, ...DomainEventType[]]);

/** `GET /internal/{owner}/events?after=&limit=`: the events after a cursor, in the order they became visible. */
export const eventFeedQuerySchema = z.object({
  after: z.string().regex(/^\d+$/).default('0'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const eventFeedSchema = z.object({ events: z.array(domainEventSchema) });
export type EventFeed = z.infer<typeof eventFeedSchema>;
