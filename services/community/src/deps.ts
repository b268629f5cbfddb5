import {
  createBroadcast,
  createEntitlements,
  createInvalidations,
  createPeer,
  languagesOfUsers,
  mailerFromConfig,
  type Entitlements,
  type Invalidations,
  type Mailer,
  type Peer,
  type ServiceBaseDeps,
} from '@catalyst/service-kit';
import {
  createCatalogClient,
  createLessonAccess,
  createMediaStreams,
  type CatalogClient,
  type LessonAccess,
  type MediaStreams,
} from '@catalyst/catalog-access';
import type { Config } from './config';
import type { Database } from './db/schema';
import { createPostingRate, type PostingRate } from './discussions/posting-rate';
import type { CommunityEvents } from './events';
import { createLiveHub, type LiveHub } from './live/live-hub';
import {
  createThreadAnnouncer,
  createThreadStreams,
  type ThreadAnnouncer,
  type ThreadStreams,
} from './discussions/discussion-stream';
import { createEventHub, type EventHub } from './streams/event-hub';
import { createStreamHolders, type StreamHolders } from './streams/stream-response';
import { createLiveReminders, type LiveReminders } from './live/live-reminders';
import { createNotifier, type Notifier } from './notifications/notifier';
import { createInbox, createInboxStreams, type Inbox, type InboxStreams } from './notifications/inbox';
import { createPushSender, type PushSender } from './notifications/push-sender';
import { vapidFromConfig } from './notifications/vapid';

/** What the process provides (main.ts; tests build their own). */
export interface BaseDeps extends ServiceBaseDeps<Config, Database> {
  /** What discussions announce (replies, follows); the notifications' listener by default. */
  events?: CommunityEvents;
  /** The clock (tests move it: the edit window, live sessions). */
  now?: () => Date;
  /** Notification and reminder e-mails; by default the configured one (SMTP, else the outbox folder). */
  mailer?: Mailer;
}

/** Everything community's handlers use, built once from the process's pieces. */
export interface Deps extends BaseDeps {
  /** Content's /internal routes: products and their lessons (cached). */
  catalog: CatalogClient;
  /** Whether a caller may open a product or one of its lessons (the rule content keeps). */
  lessonAccess: LessonAccess;
  /** Auth's /internal routes: account ages for the new-account rate. */
  auth: Peer;
  /** Content's /internal routes beyond the catalogue's: a creator's summary (follows and their e-mails). */
  content: Peer;
  entitlements: Entitlements;
  invalidations: Invalidations;
  /** Threads and replies per person and hour (stricter for new accounts). */
  postingRate: PostingRate;
  events: CommunityEvents;
  now: () => Date;
  mailer: Mailer;
  /** Live recordings' signed streams (media's facts of the asset). */
  mediaStreams: MediaStreams;
  /** Every open event stream of this process, by topic, and their fan-out across replicas (Redis). */
  streams: EventHub;
  /** The live boards' event streams (topics live:<productId>). */
  live: LiveHub;
  /** Who holds event streams: six each at most, each one's access asked again while it is open. */
  streamHolders: StreamHolders;
  /** Open discussions' event streams (topics thread:<threadId>). */
  threadStreams: ThreadStreams;
  /** What writers call after a commit so open discussions change live. */
  threadEvents: ThreadAnnouncer;
  /** Reply notifications: queued per follower, mailed in batches (./notifications). */
  notifier: Notifier;
  /** Live sessions' reminder e-mails. */
  reminders: LiveReminders;
  /** Each person's notification streams (topics inbox:<userId>). */
  inboxStreams: InboxStreams;
  /** The notification centre's writer: every in-app notification goes through it. */
  inbox: Inbox;
  /** Web Push: the VAPID public key and the sender of queued pushes. */
  push: PushSender;
}

export function createDeps(base: BaseDeps): Deps {
  const { config, cache, log, broadcast } = base;
  const peer = (baseUrl: string) => createPeer({ baseUrl, secret: config.INTERNAL_SECRET });
  const entitlements = createEntitlements({ billing: peer(config.BILLING_URL), cache, log });
  const invalidations = createInvalidations({ broadcast, log });
  const content = peer(config.CONTENT_URL);
  const catalog = createCatalogClient({ content, cache });
  const auth = peer(config.AUTH_URL);
  const now = base.now ?? (() => new Date());
  // Billing announces a changed plan: the cached answer goes, so the next premium request asks again.
  invalidations.subscribe('entitlement', (userId) => userId && void entitlements.evict(userId));
  // Content announces its changes over Redis (when configured): a curriculum may have changed (a lesson's free preview).
  invalidations.subscribe(
    'content',
    () => catalog.forgetLessons(),
    () => catalog.forgetLessons(),
  );
  const mailer = base.mailer ?? mailerFromConfig(config, log);
  const lessonAccess = createLessonAccess({ catalog, entitlements });
  const streams = createEventHub({
    broadcast: broadcast ?? createBroadcast({}),
    log,
    heartbeatMs: config.LIVE_HEARTBEAT_MS,
  });
  const inboxStreams = createInboxStreams(streams);
  const languagesOf = (userIds: string[]) => languagesOfUsers(auth, userIds, log);
  const push = createPushSender({
    db: base.db,
    log,
    now,
    vapid: vapidFromConfig(config),
    allowLoopback: config.PUSH_ALLOW_LOOPBACK,
    languagesOf,
  });
  const inbox = createInbox({ db: base.db, streams: inboxStreams, log, now, push, languagesOf });
  const notifier = createNotifier({ db: base.db, mailer, auth, lessonAccess, log, config, now, inbox });
  const threadStreams = createThreadStreams(streams);
  return {
    ...base,
    catalog,
    lessonAccess,
    auth,
    content,
    entitlements,
    invalidations,
    postingRate: createPostingRate({ auth, cache, log, now }),
    events: base.events ?? notifier,
    now,
    mailer,
    mediaStreams: createMediaStreams({ media: peer(config.MEDIA_URL), secret: config.INTERNAL_SECRET, log }),
    streams,
    live: createLiveHub({ hub: streams, now }),
    streamHolders: createStreamHolders({ recheckMs: config.STREAM_RECHECK_MS }),
    threadStreams,
    threadEvents: createThreadAnnouncer({ db: base.db, threadStreams, log }),
    notifier,
    reminders: createLiveReminders({ db: base.db, mailer, auth, lessonAccess, log, config, now }),
    inboxStreams,
    inbox,
    push,
  };
}
