import pg from 'pg';
import type { Logger } from '@catalyst/service-kit';

/** The channel the catalogue's writers notify (migration 2026-12-05T12-40-00_search_changes_notify). */
export const SEARCH_CHANGED_CHANNEL = 'search_changed';

/**
 * Whether the catalogue has changed since an answer was read: a number that moves on every committed change.
 * Undefined while not listening (then nothing may be reused).
 */
export interface SearchChanges {
  generation(): number | undefined;
  close(): Promise<void>;
}

/**
 * Listens for `search_changed` on a connection of its own. Postgres delivers a notification once the writer's
 * transaction commits, so an answer read after the generation moved holds the change. A lost connection moves the
 * generation and reports nothing until it listens again (a change made meanwhile is never missed).
 */
export function listenForSearchChanges(
  connectionString: string,
  log: Pick<Logger, 'warn'>,
  retryMs = 1_000,
): SearchChanges {
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (error?: unknown) => {
    if (!listening && !client) return;
    listening = false;
    generation += 1;
    const gone = client;
    client = undefined;
    gone?.removeAllListeners();
    void gone?.end().catch(() => undefined);
    if (closed) return;
    if (error) log.warn({ err: error }, 'search change listener lost its connection; answers are read anew');
    retry = setTimeout(connect, retryMs);
    retry.unref();
  };

  function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', () => {
      generation += 1;
    });
    next.on('error', lost);
    next.on('end', () => lost());
    next
      .connect()
      .then(() => next.query(`listen ${SEARCH_CHANGED_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        // Whatever changed before this moment may be missing from answers kept so far.
        generation += 1;
        listening = true;
      })
      .catch(lost);
  }
  connect();

  return {
    generation: () => (listening ? generation : undefined),
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      const gone = client;
      client = undefined;
      gone?.removeAllListeners();
      await gone?.end().catch(() => undefined);
    },
  };
}
