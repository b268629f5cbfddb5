import { randomUUID } from 'node:crypto';
import { SECRET_PURPOSES, openSecret, secretBoxKey, type Logger } from '@catalyst/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { XapiSettingsRow } from '../db/tables/xapi';
import type { XapiStatement } from './statement-schema';
import type { StatementSite } from './statements';
import { ACTIVITY_TYPES, VERBS, XAPI_VERSION } from './vocabulary';
import * as repo from './xapi.repository';

/** Statements per POST: well under what LRSs accept in one request. */
export const BATCH_SIZE = 50;
/** Batches per round, so one round never runs on for long. */
const BATCHES_PER_ROUND = 20;
const LRS_TIMEOUT_MS = 10_000;
/** What the log keeps of an LRS's answer. */
const ANSWER_CHARS = 500;

/** The settings' secret is bound to this name when sealed (the site has one LRS). */
export const SEALED_FOR = 'xapi:site';

export interface LrsAnswer {
  /** The LRS's status, or null when it could not be reached. */
  status: number | null;
  answer: string | null;
}

/** An LRS took the statement: stored now (200, 204) or already holding one of that id (409). */
const accepted = (status: number | null) => status === 200 || status === 204 || status === 409;

export interface Lrs {
  post(statements: XapiStatement[]): Promise<LrsAnswer>;
  put(statement: XapiStatement & { id: string }): Promise<LrsAnswer>;
}

/** The LRS the settings name, over HTTP with Basic auth and the xAPI version header. */
export function lrsOf(settings: XapiSettingsRow, internalSecret: string): Lrs {
  const secret = openSecret(
    secretBoxKey(internalSecret, SECRET_PURPOSES.xapiLrsSecret),
    SEALED_FOR,
    settings.secret_sealed,
  );
  const statementsUrl = `${settings.endpoint.replace(/\/+$/, '')}/statements`;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${settings.lrs_key}:${secret}`).toString('base64')}`,
    'X-Experience-API-Version': XAPI_VERSION,
    'Content-Type': 'application/json',
  };
  async function send(method: 'POST' | 'PUT', url: string, body: unknown): Promise<LrsAnswer> {
    try {
      const res = await fetch(url, {
        method,
        headers,
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(LRS_TIMEOUT_MS),
      });
      const text = await res.text();
      return { status: res.status, answer: text ? text.slice(0, ANSWER_CHARS) : null };
    } catch (error) {
      return {
        status: null,
        answer:
          error instanceof Error
            ? error.cause instanceof Error
              ? error.cause.message
              : error.message
            : String(error),
      };
    }
  }
  return {
    post: (statements) => send('POST', statementsUrl, statements),
    put: (statement) =>
      send('PUT', `${statementsUrl}?statementId=${encodeURIComponent(statement.id)}`, statement),
  };
}

export interface DeliveryDeps {
  db: Kysely<Database>;
  config: { INTERNAL_SECRET: string };
  log: Pick<Logger, 'warn'>;
  now: () => Date;
}

/**
 * One round of sending: due statements in batches to the LRS, while it accepts them. A batch the LRS refuses as a
 * whole for one statement (400, 409) is sent again one statement at a time (PUT by id), so one bad or
 * already-stored statement holds up no other; any other failure (401, 5xx, unreachable) leaves the batch to its
 * back-off and ends the round. Answers how many statements the LRS accepted.
 */
export async function deliverDue(deps: DeliveryDeps): Promise<number> {
  const settings = await repo.findSettings(deps.db);
  if (!settings?.enabled) return 0;
  const lrs = lrsOf(settings, deps.config.INTERNAL_SECRET);
  let delivered = 0;
  for (let round = 0; round < BATCHES_PER_ROUND; round++) {
    const claimed = await repo.claimDue(deps.db, deps.now(), BATCH_SIZE);
    if (claimed.length === 0) break;
    const answer = await lrs.post(claimed.map((row) => row.statement));
    if (accepted(answer.status) && (answer.status !== 409 || claimed.length === 1)) {
      await settle(deps, claimed, [], answer, 'batch');
      delivered += claimed.length;
      continue;
    }
    if ((answer.status === 400 || answer.status === 409) && claimed.length > 1) {
      delivered += await deliverOneByOne(deps, lrs, claimed);
      continue;
    }
    await settle(deps, [], claimed, answer, 'batch');
    deps.log.warn(
      { status: answer.status, answer: answer.answer },
      'xapi: the LRS refused a batch; it is retried',
    );
    break;
  }
  if (delivered > 0) await repo.pruneXapi(deps.db, deps.now());
  return delivered;
}

async function deliverOneByOne(
  deps: DeliveryDeps,
  lrs: Lrs,
  claimed: repo.ClaimedStatement[],
): Promise<number> {
  let delivered = 0;
  for (const row of claimed) {
    const answer = await lrs.put({ ...row.statement, id: row.id });
    if (accepted(answer.status)) {
      await settle(deps, [row], [], answer, 'batch');
      delivered++;
    } else {
      await settle(deps, [], [row], answer, 'batch');
    }
  }
  return delivered;
}

async function settle(
  deps: DeliveryDeps,
  sent: repo.ClaimedStatement[],
  failed: repo.ClaimedStatement[],
  answer: LrsAnswer,
  kind: 'batch' | 'test',
) {
  const at = deps.now();
  await repo.markSent(
    deps.db,
    sent.map((row) => row.id),
    at,
  );
  await repo.markFailed(
    deps.db,
    failed.map((row) => row.id),
    at,
  );
  await repo.logDelivery(deps.db, {
    at,
    kind,
    statements: sent.length + failed.length,
    delivered: failed.length === 0,
    status: answer.status,
    answer: answer.answer,
  });
}

/** The admin's "Send test statement": one statement of the admin's own, sent now with the saved settings. */
export async function sendTestStatement(
  deps: DeliveryDeps,
  settings: XapiSettingsRow,
  site: StatementSite,
  adminId: string,
) {
  const statement = {
    id: randomUUID(),
    actor: { objectType: 'Agent' as const, account: { homePage: site.origin, name: adminId } },
    verb: VERBS.experienced,
    object: {
      objectType: 'Activity' as const,
      id: `${site.origin}/admin/xapi`,
      definition: { name: { 'en-US': `${site.platform}: test statement` }, type: ACTIVITY_TYPES.lesson },
    },
    context: { platform: site.platform, language: 'en-US' },
    timestamp: deps.now().toISOString(),
  } satisfies XapiStatement;
  const answer = await lrsOf(settings, deps.config.INTERNAL_SECRET).post([statement]);
  const delivered = answer.status === 200 || answer.status === 204;
  await repo.logDelivery(deps.db, { at: deps.now(), kind: 'test', statements: 1, delivered, ...answer });
  return { delivered, statementId: statement.id, ...answer };
}
