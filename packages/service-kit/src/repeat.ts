import type { Logger } from './logger';

export interface Repeating {
  /** Clears the timers and waits for a run still going. */
  stop(): Promise<void>;
}

/**
 * A service's periodic work: `step` first after `firstAfterMs` (default `everyMs`), then every `everyMs`, never two
 * runs at once (a run still going when the next is due is not doubled). A run that throws is logged as
 * `<name>: this round failed, the next one tries again` and the next one does; the timers never keep the process
 * alive.
 */
export function repeatEvery({
  name,
  everyMs,
  firstAfterMs = everyMs,
  log,
  step,
}: {
  name: string;
  everyMs: number;
  firstAfterMs?: number;
  log: Pick<Logger, 'warn'>;
  step: () => Promise<unknown>;
}): Repeating {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = step()
      .then(() => undefined)
      .catch((error: unknown) =>
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          `${name}: this round failed, the next one tries again`,
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
