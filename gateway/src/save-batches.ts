import {
  request,
  type Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import {
  IDENTITY_ASSERTION_MAX_LENGTH,
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  PROGRESS_SAVE_BATCH,
  progressRoutes,
  progressSaveBatchAnswerSchema,
  progressSaveBatchRoutes,
  type SaveBatchAnswer,
} from '@catalyst/contracts';
import { languageOfHeader, type Logger } from '@catalyst/service-kit';
import { MESSAGES, sendError } from './errors';
import type { ApiProxy, ProxyPlan } from './proxy';
import { traceUpstream } from './telemetry';

/** Gathers progress saves into batches (see createSaveBatches). */
export interface SaveBatches {
  /** Takes a save to send with others and answer later; false when the request is not one it gathers. */
  take(req: IncomingMessage, res: ServerResponse, plan: ProxyPlan, userId: string): boolean;
}

/** A save waiting for its batch's answer. */
interface Gathered {
  req: IncomingMessage;
  res: ServerResponse;
  plan: ProxyPlan;
  userId: string;
  /** The save as the batch's body carries it, serialised. */
  item: string;
  endSpan: (status?: number, error?: string) => void;
}

const SAVE_PATH = progressRoutes.update.path;
const SAVE_PREFIX = SAVE_PATH.slice(0, SAVE_PATH.lastIndexOf('/') + 1);
/** A product id as a path segment carries it, with nothing to decode (anything else goes to the service alone). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;
const BATCH_HEAD = '{"saves":[';
const BATCH_TAIL = ']}';
/** What a save's traceparent adds to its item: the field with a W3C traceparent (55 characters), the one the gateway writes. */
const TRACEPARENT_ROOM = ',"traceparent":""'.length + 55;

/**
 * The progress saves (PATCH /content/progress/product/:id) that arrive in one moment (the same turn of the event
 * loop) go to progress as one request to its batch route (progressSaveBatchRoutes.saves), each with the caller's
 * identity assertion, request id, language and traceparent, and each client gets its own answer (status, body,
 * headers) exactly as the PATCH's: a save was two HTTP exchanges, whose per-exchange cost was most of its CPU in
 * both processes. Every check before the forward (identity, API key, body limit) has run per request by then; the
 * service checks each save's access and body as its PATCH would. A learner's saves are in at most one batch in
 * flight, so they reach progress in the order they arrived. A failing batch fails each of its saves with the
 * proxy's answer (503, 504, or the service's refusal of the whole); a progress without the batch route (404) gets
 * each save on its own.
 */
export function createSaveBatches({
  agent,
  target,
  secret,
  proxy,
  log,
}: {
  agent: Agent;
  /** Progress's base URL. */
  target: string;
  secret: string;
  proxy: ApiProxy;
  log: Logger;
}): SaveBatches {
  const url = new URL(target);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 80);
  let queue: Gathered[] = [];
  let scheduled = false;
  /** Learners with a save in a batch in flight. */
  const busy = new Set<string>();

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  function flush() {
    scheduled = false;
    while (queue.length > 0) {
      const batch: Gathered[] = [];
      const rest: Gathered[] = [];
      /** Learners with a save left for later: their later saves wait too, in order. */
      const held = new Set<string>();
      let bytes = BATCH_HEAD.length + BATCH_TAIL.length;
      for (const save of queue) {
        const fits =
          batch.length < PROGRESS_SAVE_BATCH.maxSaves &&
          bytes + save.item.length + 1 <= PROGRESS_SAVE_BATCH.maxBytes;
        if (fits && !busy.has(save.userId) && !held.has(save.userId)) {
          batch.push(save);
          bytes += save.item.length + 1;
        } else {
          held.add(save.userId);
          rest.push(save);
        }
      }
      queue = rest;
      if (batch.length === 0) return;
      send(batch);
    }
  }

  function send(batch: Gathered[]) {
    const users = new Set(batch.map((save) => save.userId));
    for (const user of users) busy.add(user);
    const body = Buffer.from(`${BATCH_HEAD}${batch.map((save) => save.item).join(',')}${BATCH_TAIL}`);
    const first = batch[0]!;
    let settled = false;
    const done = (answers: (index: number, save: Gathered) => void) => {
      if (settled) return;
      settled = true;
      for (const user of users) busy.delete(user);
      batch.forEach((save, i) => answers(i, save));
      if (queue.length > 0) schedule();
    };

    let timedOut = false;
    const upstream = request({
      agent,
      hostname,
      port,
      method: 'POST',
      path: progressSaveBatchRoutes.saves.path,
      headers: {
        host: url.host,
        'content-type': 'application/json',
        'content-length': body.length,
        [INTERNAL_HEADER]: secret,
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      upstream.destroy(Object.assign(new Error('upstream progress timed out'), { code: 'GATEWAY_TIMEOUT' }));
    }, first.plan.timeoutMs);
    upstream.on('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      if (settled) return;
      log.warn(
        {
          requestIds: batch.map((save) => save.plan.requestId),
          upstream: 'progress',
          code: error.code,
          err: error.message,
        },
        timedOut ? 'upstream timed out' : 'upstream unreachable',
      );
      done((_, save) => {
        save.endSpan(undefined, error.code ?? error.message);
        sendError(save.res, timedOut ? 504 : 503, timedOut ? MESSAGES.timeout : MESSAGES.unavailable);
      });
    });
    upstream.on('response', (answer: IncomingMessage) => {
      clearTimeout(timer);
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      // The answer cut short (its connection lost mid-body): each save fails as the upstream's loss does.
      answer.on('error', () =>
        done((_, save) => {
          save.endSpan(undefined, 'answer cut short');
          sendError(save.res, 503, MESSAGES.unavailable);
        }),
      );
      answer.on('end', () => {
        const status = answer.statusCode ?? 502;
        const text = Buffer.concat(chunks).toString('utf8');
        if (status === 404) {
          // A progress from before the batch route: each save goes on its own, as the proxy sends any request.
          return done((_, save) => proxy.forward(save.req, save.res, save.plan));
        }
        const answers = status === 200 ? answersOf(text, batch.length) : undefined;
        if (!answers) {
          // The whole batch refused (the service's error shape) or an answer that is not the batch's: each save gets it.
          const shared = status === 200 ? undefined : text;
          if (!shared) log.error({ upstream: 'progress', status }, 'batch answer does not match its batch');
          return done((_, save) => {
            save.endSpan(shared ? status : 502);
            if (shared) reply(save, { status, body: shared });
            else sendError(save.res, 502, MESSAGES.unexpected);
          });
        }
        done((i, save) => {
          save.endSpan(answers[i]!.status);
          reply(save, answers[i]!);
        });
      });
    });
    upstream.end(body);
  }

  /** Answers one client as the proxy relays the PATCH's answer (after the edge cache's purge on success). */
  function reply(save: Gathered, answer: SaveBatchAnswer) {
    const { res, req, plan } = save;
    const write = () => {
      if (res.headersSent || res.destroyed) return;
      const body = Buffer.from(answer.body);
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      for (const name in answer.headers) res.setHeader(name, answer.headers[name]!);
      if (answer.status < 400 && answer.headers?.['cache-control'] === undefined)
        res.setHeader('cache-control', 'no-store');
      res.setHeader(
        'connection',
        req.headers.connection ?? (req.httpVersion === '1.0' ? 'close' : 'keep-alive'),
      );
      res.setHeader('content-length', body.length);
      res.end(body);
    };
    if (plan.afterSuccess && answer.status >= 200 && answer.status < 300) {
      plan
        .afterSuccess((answer.headers ?? {}) as IncomingHttpHeaders)
        .catch((error: unknown) =>
          log.error({ requestId: plan.requestId, err: String(error) }, 'identity cache eviction failed'),
        )
        .finally(write);
    } else write();
  }

  return {
    take(req, res, plan, userId) {
      if (req.method !== 'PATCH' || plan.route.path !== SAVE_PATH || !plan.body) return false;
      if (plan.body.length > PROGRESS_SAVE_BATCH.maxSaveBytes || !plan.path.startsWith(SAVE_PREFIX))
        return false;
      const productId = plan.path.slice(SAVE_PREFIX.length);
      const identity = req.headers[IDENTITY_HEADER];
      // An assertion longer than any service accepts goes alone (and gets its 401, as ever): in a batch it would
      // make the whole batch's body invalid.
      if (
        !PLAIN_SEGMENT.test(productId) ||
        typeof identity !== 'string' ||
        identity.length > IDENTITY_ASSERTION_MAX_LENGTH
      )
        return false;
      // The language the service would read from the header, named (a header of any length never fails the batch).
      const language = req.headers['accept-language']
        ? languageOfHeader(req.headers['accept-language'])
        : undefined;
      const untraced = JSON.stringify({
        identity,
        productId,
        body: plan.body.toString('utf8'),
        requestId: plan.requestId,
        ...(language ? { language } : {}),
      });
      // Never the case within maxSaveBytes (a body escaped six times over still fits), but a save that could never
      // fit a batch would wait for ever: it goes alone, before its upstream span is started here.
      if (
        BATCH_HEAD.length + untraced.length + TRACEPARENT_ROOM + BATCH_TAIL.length >
        PROGRESS_SAVE_BATCH.maxBytes
      )
        return false;
      // The save's own request span is the parent of its work in progress, as a forwarded request's would be.
      const carried: Record<string, unknown> = {};
      const endSpan = traceUpstream(res, carried, 'progress');
      const item =
        typeof carried.traceparent === 'string'
          ? `${untraced.slice(0, -1)},"traceparent":${JSON.stringify(carried.traceparent)}}`
          : untraced;
      queue.push({ req, res, plan, userId, item, endSpan });
      schedule();
      return true;
    },
  };
}

/** The batch's answers, when they are the batch route's answer (its declared schema) with one a save. */
export function answersOf(text: string, count: number): SaveBatchAnswer[] | undefined {
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown } | null)?.data;
  } catch {
    return undefined;
  }
  const parsed = progressSaveBatchAnswerSchema.safeParse(data);
  return parsed.success && parsed.data.answers.length === count ? parsed.data.answers : undefined;
}
