// The e-mail two days before a free trial converts: found by a sweep of billing's own tables (run by the job
// queue every 15 minutes), sent once per trial, never to a trial that was cancelled.
import PgBoss from 'pg-boss';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN } from '@catalyst/contracts';
import { sendQuietly, type Logger } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { billingEmailOf } from '../recovery/billing-email';
import { markReminded, trialsToRemind } from './plans.repository';

/** How long before the trial ends the reminder goes. */
export const TRIAL_REMINDER_BEFORE_MS = 2 * 86400_000;
export const TRIAL_REMINDER_QUEUE = 'billing-trial-reminders';

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function trialReminderMessage(publicUrl: string, trialEnd: Date, interval: 'month' | 'year') {
  const plan = interval === 'year' ? PREMIUM_ANNUAL_PLAN : PREMIUM_PLAN;
  const base = publicUrl.replace(/\/+$/, '');
  return {
    subject: 'Your Catalyst Premium trial ends in 2 days',
    text: [
      `Your free trial of Catalyst Premium ends on ${longDate(trialEnd)}.`,
      `Then your card is charged $${plan.price.toFixed(2)} a ${interval} and Premium carries on.`,
      '',
      `To stop before you are charged, cancel from your plan: ${base}/subscription`,
    ].join('\n'),
  };
}

/** Sends every reminder due at `now`; answers how many went. */
export async function sendDueTrialReminders(
  deps: Pick<Deps, 'db' | 'mailer' | 'log'> & { config: Pick<Deps['config'], 'PUBLIC_URL'> },
  now: Date,
): Promise<number> {
  let sent = 0;
  for (const trial of await trialsToRemind(deps.db, now, TRIAL_REMINDER_BEFORE_MS)) {
    if (!trial.trial_end || !(await markReminded(deps.db, trial.user_id))) continue;
    const to = await billingEmailOf(deps.db, trial.user_id, null);
    if (!to) continue;
    await sendQuietly(deps.mailer, deps.log, {
      to,
      ...trialReminderMessage(deps.config.PUBLIC_URL, trial.trial_end, trial.interval),
    });
    sent++;
  }
  return sent;
}

/** The job queue (pg-boss, its own schema beside billing's): the sweep every 15 minutes, one at a time. */
export async function startTrialReminders(deps: Deps, connectionString: string, log: Logger) {
  const boss = new PgBoss({
    connectionString,
    schema: 'billing_jobs',
    max: 2,
    application_name: 'catalyst-billing-jobs',
  });
  boss.on('error', (error) => log.error({ err: error.message }, 'billing job queue error'));
  await boss.start();
  await boss.createQueue(TRIAL_REMINDER_QUEUE, {
    name: TRIAL_REMINDER_QUEUE,
    policy: 'singleton',
    retryLimit: 1,
  });
  await boss.schedule(TRIAL_REMINDER_QUEUE, '*/15 * * * *');
  await boss.work(TRIAL_REMINDER_QUEUE, async () => {
    const sent = await sendDueTrialReminders(deps, new Date());
    if (sent > 0) log.info({ sent }, 'trial reminders sent');
  });
  return { close: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }) };
}
