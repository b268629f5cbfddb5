import type { Context } from 'hono';
import {
  COMMUNITY_MESSAGES,
  LIVE_QUESTIONS_OPEN_MINUTES_BEFORE,
  type liveRoutes,
  type Identity,
  type LiveEvent,
} from '@catalyst/contracts';
import {
  conflict,
  mediaGrantCookies,
  mediaViewerOf,
  notFound,
  reply,
  signMediaGrant,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import type { LiveSessionRow } from '../db/tables/live';
import { sseFrame } from '../streams/event-hub';
import { streamTopic } from '../streams/stream-response';
import { sessionEvent } from './live-hub';
import {
  calendarFileName,
  questionsOpen,
  sessionCalendar,
  sessionTimes,
  toEventQuestion,
  toLiveQuestion,
  toLiveSession,
} from './live-session';
import * as repo from './live.repository';

/** A Last-Event-ID worth resuming from: a question change number. */
const CHANGE_ID = /^[1-9]\d{0,17}$/;

export function createLiveHandlers(deps: Deps): RouteHandlers<typeof liveRoutes> {
  const { db, config, live, now } = deps;

  async function sessionOf(productId: string): Promise<LiveSessionRow> {
    const row = await repo.findSession(db, productId);
    if (!row) throw notFound(COMMUNITY_MESSAGES.sessionNotFound);
    return row;
  }

  /**
   * The session as the caller sees it. Its recording is signed for the caller (with what their plan opens
   * now) and plays only beside their own media grant, handed with it, as a product page hands one.
   */
  async function present(row: LiveSessionRow, identity: Identity, requestId: string, c: Context) {
    const viewer = await mediaViewerOf(deps.entitlements, identity, requestId);
    const [registration, recording] = await Promise.all([
      repo.registrationOf(db, row.product_id, identity.id),
      deps.mediaStreams.forProduct(row.recording_asset_id, viewer, requestId),
    ]);
    if (recording)
      for (const cookie of mediaGrantCookies(signMediaGrant(viewer, config.INTERNAL_SECRET)))
        c.header('Set-Cookie', cookie, { append: true });
    return toLiveSession(row, { now: now(), publicUrl: config.PUBLIC_URL, recording, ...registration });
  }

  /** The board of a question, open for questions and votes right now (409 otherwise). */
  async function openBoard(productId: string): Promise<LiveSessionRow> {
    const row = await sessionOf(productId);
    if (!questionsOpen(row, now(), LIVE_QUESTIONS_OPEN_MINUTES_BEFORE))
      throw conflict(COMMUNITY_MESSAGES.questionsClosed);
    return row;
  }

  async function questionFor(questionId: string, identity: Identity) {
    const row = await repo.findQuestion(db, questionId, identity.id);
    if (!row) throw notFound(COMMUNITY_MESSAGES.questionNotFound);
    return row;
  }

  /** Tells every open board about a question's new state (its change number is the event id). */
  const announce = (row: Parameters<typeof toEventQuestion>[0]) =>
    live.publish(row.product_id, { type: 'question', question: toEventQuestion(row) }, row.change_seq);

  async function vote(questionId: string, identity: Identity, up: boolean) {
    const before = await questionFor(questionId, identity);
    await openBoard(before.product_id);
    if (await repo.setVote(db, questionId, identity.id, up, now())) {
      const after = await questionFor(questionId, identity);
      announce(after);
      return toLiveQuestion(after, identity.id);
    }
    return toLiveQuestion(before, identity.id);
  }

  return {
    async getSession({ params, identity, requestId }, c) {
      return present(await sessionOf(params.productId), identity, requestId, c);
    },

    async calendar({ params }) {
      const row = await sessionOf(params.productId);
      return new Response(
        sessionCalendar(row, { publicUrl: config.PUBLIC_URL, siteName: config.SITE_NAME }),
        {
          headers: {
            'content-type': 'text/calendar; charset=utf-8',
            'content-disposition': `attachment; filename="${calendarFileName(row.title)}"`,
            'cache-control': 'no-store',
          },
        },
      );
    },

    async register({ params, identity, requestId }, c) {
      const row = await sessionOf(params.productId);
      await repo.register(db, row.product_id, identity.id, now());
      return present(row, identity, requestId, c);
    },

    async unregister({ params, identity, requestId }, c) {
      const row = await sessionOf(params.productId);
      await repo.unregister(db, row.product_id, identity.id);
      return present(row, identity, requestId, c);
    },

    async listQuestions({ params, identity }) {
      const row = await sessionOf(params.productId);
      return (await repo.listQuestions(db, row.product_id, identity.id)).map((q) =>
        toLiveQuestion(q, identity.id),
      );
    },

    async askQuestion({ params, body, identity, requestId }) {
      const row = await openBoard(params.productId);
      await deps.postingRate(identity, requestId);
      const question = await repo.insertQuestion(db, {
        productId: row.product_id,
        authorId: identity.id,
        authorName: identity.name,
        authorIsAdmin: identity.role === 'admin',
        body: body.body,
        now: now(),
      });
      announce(question);
      return reply(toLiveQuestion({ ...question, voted: false }, identity.id), { status: 201 });
    },

    upvoteQuestion: ({ params, identity }) => vote(params.questionId, identity, true),
    removeQuestionVote: ({ params, identity }) => vote(params.questionId, identity, false),

    async markQuestionAnswered({ params, identity }) {
      await questionFor(params.questionId, identity);
      const changed = await repo.markAnswered(db, params.questionId, now());
      const after = await questionFor(params.questionId, identity);
      if (changed) announce(after);
      return toLiveQuestion(after, identity.id);
    },

    async events({ params, identity, requestId }, c) {
      const row = await sessionOf(params.productId);
      const times = sessionTimes(row);
      const lastEventId = c.req.header('last-event-id')?.trim();
      // While it is open, the premium rule is asked again: a plan that ends ends the stream.
      const mayStay = () => deps.lessonAccess.assertMayOpen(identity, row.product_id, undefined, requestId);
      // First where the session stands; a resumed stream then gets what changed meanwhile.
      return streamTopic(
        c,
        { holders: deps.streamHolders, identity, mayStay, log: deps.log },
        (sink, end) => live.attach(row.product_id, sink, times, end),
        async (sink) => {
          await sink.write(sseFrame(sessionEvent(times, now())));
          if (lastEventId && CHANGE_ID.test(lastEventId)) {
            for (const question of await repo.questionsChangedAfter(db, row.product_id, lastEventId)) {
              await sink.write(
                sseFrame<LiveEvent>(
                  { type: 'question', question: toEventQuestion(question) },
                  question.change_seq,
                ),
              );
            }
          }
        },
      );
    },

    async scheduleLive({ params, body, identity, requestId }, c) {
      const product = await deps.catalog.getProduct(params.productId, requestId);
      if (!product) throw notFound('Product not found');
      if (product.type !== 'webinar') throw conflict(COMMUNITY_MESSAGES.notWebinar);
      const row = await repo.upsertSession(
        db,
        {
          productId: product._id,
          productKey: product.productId || product._id,
          title: product.title,
          startsAt: new Date(body.startsAt),
          durationMinutes: body.durationMinutes,
          joinUrl: body.joinUrl,
          recordingAssetId: body.recordingAssetId,
        },
        now(),
      );
      live.publish(row.product_id, sessionEvent(sessionTimes(row), now()));
      return present(row, identity, requestId, c);
    },

    async cancelLive({ params }) {
      if (!(await repo.deleteSession(db, params.productId)))
        throw notFound(COMMUNITY_MESSAGES.sessionNotFound);
      live.closeBoard(params.productId);
      return { productId: params.productId };
    },
  };
}
