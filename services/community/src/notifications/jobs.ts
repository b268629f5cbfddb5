import { repeatEvery, type Logger } from '@catalyst/service-kit';
import type { LiveReminders } from '../live/live-reminders';
import type { Notifier } from './notifier';

/**
 * The service's periodic work, on every replica (each step is safe to run concurrently): waiting notification
 * e-mails, due live reminders and followed creators' news, every `everyMs`, each step apart (one that fails does
 * not hold the others back) and none doubled while it is still running.
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
  const jobs = (
    [
      ['notifications', notifier.flushDue],
      ['live reminders', reminders.sendDue],
      ['creator news', creatorNews],
    ] as const
  ).map(([name, step]) => repeatEvery({ name, everyMs, log, step }));
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
