import type { Logger } from '@catalyst/service-kit';
import type { LiveReminders } from '../live/live-reminders';
import type { Notifier } from './notifier';

/**
 * The service's periodic work, on every replica (each step is safe to run concurrently): waiting
 * notification e-mails, due live reminders and followed creators' news, every `everyMs`. A tick still running when the next is due
 * is not doubled.
 */
export function startCommunityJobs({
  notifier,
  reminders,
  creatorNews,
  log,
  everyMs,
}: {
  notifier: Pick<Notifier, 'flushDue'>;
  reminders: LiveReminders;
  creatorNews: () => Promise<number>;
  log: Logger;
  everyMs: number;
}) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = (async () => {
      for (const [name, step] of [
        ['notifications', notifier.flushDue],
        ['live reminders', reminders.sendDue],
        ['creator news', creatorNews],
      ] as const) {
        try {
          await step();
        } catch (error) {
          log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            `${name}: this round failed, the next one tries again`,
          );
        }
      }
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
