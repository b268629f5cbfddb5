import type { Context } from 'hono';
import {
  fillPath,
  progressRoutes,
  type GatheredSave,
  type Identity,
  type ProgressUpdate,
  type SaveBatchAnswer,
  type progressSaveBatchRoutes,
} from '@catalyst/contracts';
import {
  errorAnswer,
  carriedRequestSpan,
  languageOfHeader,
  observeRequest,
  parseJsonText,
  parseWith,
  translateMessage,
  unauthorized,
  verifyIdentity,
  type AppEnv,
  type Logger,
  type MountOptions,
  type RouteHandler,
} from '@catalyst/service-kit';
import type { ProgressWrite } from './progress.repository';
import type { ProgressSaving } from './progress.handlers';

const route = progressRoutes.update;
const METHOD = route.method;
const ROUTE_LABEL = route.path;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** One save of the batch, checked: its write to store, or the answer it already has (a refusal). */
type Checked =
  | { identity: Identity; productId: string; write: ProgressWrite; answer?: undefined }
  | { answer: SaveBatchAnswer };

/**
 * The gateway's batch of progress saves (`progressSaveBatchRoutes.saves`): each save is answered exactly as its own
 * PATCH of `progressRoutes.update` would be (the caller's identity assertion verified, the same params and body
 * schemas, the premium check, the same refusals in the caller's language), with its own server span, access line
 * and request metrics. The saves are checked side by side; each learner's are then stored in the order the gateway
 * received them, so a batch never reorders a learner's saves.
 */
export function createSaveBatchHandler({
  saving,
  premium,
  secret,
  log,
}: {
  saving: ProgressSaving;
  /** The premium check the PATCH is mounted with. */
  premium: NonNullable<MountOptions['premium']>;
  secret: string;
  log: Logger;
}): RouteHandler<typeof progressSaveBatchRoutes.saves> {
  const refusal = (error: unknown, save: GatheredSave, requestId: string): SaveBatchAnswer => {
    const { status, body, headers } = errorAnswer(error, languageOfHeader(save.language), log, requestId);
    return headers ? { status, body: JSON.stringify(body), headers } : { status, body: JSON.stringify(body) };
  };

  async function check(c: Context<AppEnv>, save: GatheredSave, requestId: string): Promise<Checked> {
    try {
      const identity = verifyIdentity(save.identity, secret);
      if (!identity) throw unauthorized();
      const params = parseWith(route.params, { id: save.productId });
      const body: ProgressUpdate = parseJsonText(route.body, save.body);
      const input = { params, query: undefined, body, identity, requestId, log };
      await premium(c, input, route);
      return { identity, productId: params.id, write: await saving.prepare(params.id, body, requestId) };
    } catch (error) {
      return { answer: refusal(error, save, requestId) };
    }
  }

  async function store(checked: Checked, save: GatheredSave, requestId: string): Promise<SaveBatchAnswer> {
    if (checked.answer) return checked.answer;
    try {
      const { data, message } = await saving.store(checked.identity.id, checked.productId, checked.write);
      const translated =
        message === undefined ? undefined : translateMessage(languageOfHeader(save.language), message);
      const body =
        translated === undefined ? { success: true, data } : { success: true, data, message: translated };
      return { status: 200, body: JSON.stringify(body) };
    } catch (error) {
      return refusal(error, save, requestId);
    }
  }

  return async ({ body: { saves } }, c) => {
    const started = performance.now();
    const requestIds = saves.map((save) =>
      REQUEST_ID_PATTERN.test(save.requestId) ? save.requestId : c.get('requestId'),
    );
    // Each learner's saves: checked side by side, then queued for storing in arrival order.
    const learners = new Map<string, number[]>();
    saves.forEach((save, i) => {
      const key = verifyIdentity(save.identity, secret)?.id ?? `\u0000${i}`;
      const indexes = learners.get(key);
      if (indexes) indexes.push(i);
      else learners.set(key, [i]);
    });
    const answers: SaveBatchAnswer[] = new Array(saves.length);
    await Promise.all(
      [...learners.values()].map(async (indexes) => {
        const spans = indexes.map((i) => carriedRequestSpan(saves[i]!.traceparent));
        const checked = await Promise.all(
          indexes.map((i, n) => spans[n]!.run(() => check(c, saves[i]!, requestIds[i]!))),
        );
        // Each store is called (and its write queued) in this map's order, before any of them is awaited.
        const stored = await Promise.all(
          indexes.map((i, n) => spans[n]!.run(() => store(checked[n]!, saves[i]!, requestIds[i]!))),
        );
        indexes.forEach((i, n) => {
          const answer = stored[n]!;
          answers[i] = answer;
          spans[n]!.run(() => logSave(saves[i]!, requestIds[i]!, answer.status, started));
          spans[n]!.end(METHOD, ROUTE_LABEL, answer.status);
        });
      }),
    );
    return { answers };
  };

  /** The access line and request metrics each save would have had as a PATCH of its own. */
  function logSave(save: GatheredSave, requestId: string, status: number, started: number) {
    const elapsed = performance.now() - started;
    observeRequest(METHOD, ROUTE_LABEL, status, elapsed / 1000);
    const level = status >= 500 ? 'error' : 'info';
    if (!log.isLevelEnabled(level)) return;
    // the PATCH's own address (an empty id, which no gateway sends, names the declaration)
    const path = save.productId ? fillPath(route.path, { id: save.productId }) : route.path;
    log[level]({ requestId, method: METHOD, path, status, ms: Math.round(elapsed * 10) / 10 }, 'request');
  }
}
