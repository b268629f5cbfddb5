// The e-mail two days before a free trial converts: found by a sweep of billing's own tables (run by the job
// queue every 15 minutes), sent once per trial, never to a trial that was cancelled.
import PgBoss from 'pg-boss';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { formatDate, formatMoney, languagesOfUsers, sendQuietly, type Logger } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { billingTexts } from '../i18n/en';
import { billingEmailOf } from '../recovery/billing-email';
import { markReminded, trialsToRemind } from './plans.repository';

/** How long before the trial ends the reminder goes. */
export const TRIAL_REMINDER_BEFORE_MS = 2 * 86400_000;
export const TRIAL_REMINDER_QUEUE = 'billing-trial-reminders';

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The reminder in the user's language (dates and prices as it writes them; English's as before). */
export function trialReminderMessage(
  publicUrl: string,
  trialEnd: Date,
  interval: 'month' | 'year',
  language: Language = 'en',
) {
  const t = (key: keyof typeof billingTexts.english, values?: Record<string, string>) =>
    billingTexts.t(language, key, values);
  const plan = interval === 'year' ? PREMIUM_ANNUAL_PLAN : PREMIUM_PLAN;
  const base = publicUrl.replace(/\/+$/, '');
  const english = language === 'en';
  const price = english
    ? `$${plan.price.toFixed(2)}`
    : formatMoney(language, Math.round(plan.price * 100), 'usd');
  return {
    subject: t('trial.subject'),
    text: [
      t('trial.ends', { date: english ? longDate(trialEnd) : formatDate(language, trialEnd) }),
      t(interval === 'year' ? 'trial.chargeYear' : 'trial.chargeMonth', { price }),
      '',
      t('trial.cancel', { link: `${base}/subscription` }),
    ].join('\n'),
    ...(english ? {} : { headers: { 'Content-Language': language } }),
  };
}

/** Sends every reminder due at `now`; answers how many went. */
export async function sendDueTrialReminders(
  deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'auth'> & { config: Pick<Deps['config'], 'PUBLIC_URL'> },
  now: Date,
): Promise<number> {
  let sent = 0;
  for (const trial of await trialsToRemind(deps.db, now, TRIAL_REMINDER_BEFORE_MS)) {
    if (!trial.trial_end || !(await markReminded(deps.db, trial.user_id))) continue;
    const to = await billingEmailOf(deps.db, trial.user_id, null);
    if (!to) continue;
    const language = (await languagesOfUsers(deps.auth, [trial.user_id], deps.log))(trial.user_id);
    await sendQuietly(deps.mailer, deps.log, {
      to,
      ...trialReminderMessage(deps.config.PUBLIC_URL, trial.trial_end, trial.interval, language),
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
