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
 * and request metrics. The saves are checked side by side, then stored together in the order the gateway received
 * them, so a batch never reorders a learner's saves.
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
    const spans = saves.map((save) => carriedRequestSpan(save.traceparent));
    // Every save checked side by side (its identity verified once, there), then all stored in one pass in the
    // batch's order: the batcher keeps each learner's saves in the order they are queued, and sends the saves of
    // one pass together as one statement.
    const checked = await Promise.all(
      saves.map((save, i) => spans[i]!.run(() => check(c, save, requestIds[i]!))),
    );
    const answers = await Promise.all(
      saves.map((save, i) => spans[i]!.run(() => store(checked[i]!, save, requestIds[i]!))),
    );
    answers.forEach((answer, i) => {
      spans[i]!.run(() => logSave(saves[i]!, requestIds[i]!, answer.status, started));
      spans[i]!.end(METHOD, ROUTE_LABEL, answer.status);
    });
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
