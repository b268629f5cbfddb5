import type { Logger } from '@catalyst/service-kit';

/**
 * Work a request causes but does not wait for: looking up the account a reset was asked for, issuing its
 * link, writing any e-mail. The answer then costs the same whether or not an address has an account (issue
 * 53: forgot-password and registration must not tell by their timing). A failing job is logged, never
 * thrown; `settled` waits for every queued job (shutdown, tests).
 */
export function createBackground(log: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    run(what: string, job: () => Promise<void>): void {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((error: unknown) =>
          log.error({ err: error instanceof Error ? error.message : String(error) }, `${what} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type Background = ReturnType<typeof createBackground>;
