import { createHash } from 'node:crypto';
import type { DomainEvent, LessonKind, ProductType } from '@catalyst/contracts';
import type { XapiStatement } from './statement-schema';
import {
  ACTIVITY_TYPES,
  EXTENSIONS,
  VERBS,
  VIDEO_PROFILE_CATEGORY,
  lessonActivityType,
  productActivityType,
  type XapiVerb,
} from './vocabulary';

/** The namespace of statement ids (UUID v5 of the event id): fixed forever, or every statement would be sent anew. */
const STATEMENT_ID_NAMESPACE = '924b91dc-2500-4c79-b59f-199e1b88e39a';

/** RFC 4122 UUID version 5 (SHA-1) of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The statement an event becomes: the same id every time it is built, so a re-send is the same statement. */
export const statementIdOf = (eventId: string) => uuidV5(eventId, STATEMENT_ID_NAMESPACE);

/** Where the statements say they come from. */
export interface StatementSite {
  /** The site's origin: the learner's account home page and the root of every activity id. */
  origin: string;
  /** The site's name, as the context's platform. */
  platform: string;
}

/** What content knows of the event's product (null: content no longer knows it; the ids still say which). */
export interface ProductFacts {
  title: string;
  type: ProductType;
  lessons: { id: string; kind: LessonKind }[];
}

type Activity = Extract<XapiStatement['object'], { id: string; definition?: unknown }> & {
  objectType: 'Activity';
};

const EVENT_TYPES_SENT = [
  'enrollment.started',
  'progress.reached',
  'lesson.completed',
  'course.completed',
  'quiz.graded',
  'certificate.issued',
] as const;
type SentEvent = Extract<DomainEvent, { type: (typeof EVENT_TYPES_SENT)[number] }>;

/** The events a statement is made of: progress's, of a learner. */
export const isSentEvent = (event: DomainEvent): event is SentEvent & { userId: string } =>
  (EVENT_TYPES_SENT as readonly string[]).includes(event.type) && event.userId !== null;

/** The product an event is about, when it names one (what to ask content before building its statement). */
export const productIdOf = (event: SentEvent): string | null => event.data.productId;

/**
 * The statement of one event: launched (a first start), progressed (25/50/75), completed (a lesson, a product),
 * passed/failed (a quiz, with its scaled score) or earned (a certificate). The learner is an account on this
 * site (their id, never their e-mail); activities are the pages' own addresses, by id, which never change.
 */
export function statementFor(
  event: SentEvent & { userId: string },
  site: StatementSite,
  product: ProductFacts | null,
): XapiStatement {
  const productActivity = (productId: string): Activity => ({
    objectType: 'Activity',
    // The product page's address by _id (web-kit's productPath accepts it), so the activity id never moves.
    id: `${site.origin}/browse/premium/product/${encodeURIComponent(productId)}`,
    definition: {
      ...(product ? { name: { 'en-US': product.title } } : {}),
      type: productActivityType(product?.type ?? null),
    },
  });
  const lessonActivity = (productId: string, lessonId: string): Activity => {
    const index = product?.lessons.findIndex((lesson) => lesson.id === lessonId) ?? -1;
    const lesson = index >= 0 ? product!.lessons[index]! : null;
    return {
      objectType: 'Activity',
      id: `${productActivity(productId).id}/lesson/${encodeURIComponent(lessonId)}`,
      definition: {
        ...(product && lesson ? { name: { 'en-US': `${product.title}, lesson ${index + 1}` } } : {}),
        type: lessonActivityType(lesson?.kind ?? null),
      },
    };
  };
  const statement = (verb: XapiVerb, object: Activity, more: Partial<XapiStatement> = {}) => {
    const parent = more.context?.contextActivities?.parent;
    // The video profile asks its statements to name it; a video lesson's parent course does not make it one.
    const video = object.definition?.type === ACTIVITY_TYPES.video;
    return {
      id: statementIdOf(event.id),
      actor: { objectType: 'Agent' as const, account: { homePage: site.origin, name: event.userId } },
      verb,
      object,
      ...(more.result ? { result: more.result } : {}),
      context: {
        platform: site.platform,
        language: 'en-US',
        ...(parent || video
          ? {
              contextActivities: {
                ...(parent ? { parent } : {}),
                ...(video ? { category: [VIDEO_PROFILE_CATEGORY] } : {}),
              },
            }
          : {}),
      },
      timestamp: event.occurredAt,
    } satisfies XapiStatement;
  };
  const inCourse = (productId: string) => ({ contextActivities: { parent: [productActivity(productId)] } });

  switch (event.type) {
    case 'enrollment.started':
      return statement(VERBS.launched, productActivity(event.data.productId));
    case 'progress.reached': {
      const object = productActivity(event.data.productId);
      const video = object.definition?.type === ACTIVITY_TYPES.video;
      return statement(VERBS.progressed, object, {
        result: {
          extensions: {
            [EXTENSIONS.cmi5Progress]: event.data.percent,
            ...(video ? { [EXTENSIONS.videoProgress]: event.data.percent / 100 } : {}),
          },
        },
      });
    }
    case 'lesson.completed':
      return statement(VERBS.completed, lessonActivity(event.data.productId, event.data.lessonId), {
        result: { completion: true },
        context: inCourse(event.data.productId),
      });
    case 'course.completed':
      return statement(VERBS.completed, productActivity(event.data.productId), {
        result: { completion: true },
      });
    case 'quiz.graded':
      return statement(
        event.data.passed ? VERBS.passed : VERBS.failed,
        lessonActivity(event.data.productId, event.data.lessonId),
        {
          result: {
            score: { scaled: event.data.score, raw: Math.round(event.data.score * 100), min: 0, max: 100 },
            success: event.data.passed,
            completion: true,
          },
          context: inCourse(event.data.productId),
        },
      );
    case 'certificate.issued':
      return statement(
        VERBS.earned,
        {
          objectType: 'Activity',
          // The certificate's public page: anyone holding the address can check it.
          id: `${site.origin}/certificates/${encodeURIComponent(event.data.code)}`,
          definition: {
            name: { 'en-US': product ? `Certificate: ${product.title}` : 'Certificate' },
            type: ACTIVITY_TYPES.certificate,
          },
        },
        event.data.productId ? { context: inCourse(event.data.productId) } : {},
      );
  }
}
