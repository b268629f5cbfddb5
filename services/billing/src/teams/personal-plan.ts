import type { Language } from '@catalyst/contracts/languages';
import { formatDate, languagesOfUsers, sendQuietly } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { billingTexts } from '../i18n/en';
import { providerCall } from '../provider/stripe';
import { billingEmailOf } from '../recovery/billing-email';
import { syncSubscription } from '../subscriptions/subscriptions.handlers';
import { findCurrentSubscription, isEntitled, lockKey } from '../subscriptions/subscriptions.repository';
import { longDate } from './team-mail';
import { findSeatOf, findTeam } from './teams.repository';

/**
 * A personal plan that would renew is set to end at its period's end, so nobody pays for Premium twice once a
 * team's seat covers them (joined by invitation, single sign-on or the directory, or bought the team); answers
 * that end, or null. The person is mailed when their plan is set to end here, not when it was already ending.
 * Idempotent: a plan already ending is only read again.
 */
export async function endPersonalPlan(deps: Deps, userId: string): Promise<Date | null> {
  const current = await findCurrentSubscription(deps.db, userId);
  if (!isEntitled(current) || current.source !== 'provider' || !current.current_period_end) return null;
  const subscriptionId = current.stripe_subscription_id;
  const { row, ended } = await deps.db.transaction().execute(async (trx) => {
    // The subscription's own lock (syncSubscription's): of two seatings at once, one ends the plan and mails.
    await lockKey(trx, `billing:subscription:${subscriptionId}`);
    const locked = await findCurrentSubscription(trx, userId);
    const ended = locked?.stripe_subscription_id === subscriptionId && !locked.cancel_at_period_end;
    if (ended)
      await providerCall(
        () => deps.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
        deps.log,
      );
    return { row: await syncSubscription(deps, trx, subscriptionId, userId), ended };
  });
  if (row) await deps.invalidations.publish('entitlement', row.user_id);
  const endsOn = row?.current_period_end ?? current.current_period_end;
  if (ended) await sendPersonalPlanEndsMail(deps, userId, endsOn);
  return endsOn;
}

/** The line saying when the personal plan ends, in `language` (the e-mail's, and the join answer's message). */
export function personalPlanEndsLine(language: Language, endsOn: Date): string {
  const date = language === 'en' ? longDate(endsOn) : formatDate(language, endsOn);
  return billingTexts.t(language, 'personal.ends', { date });
}

/** The e-mail saying the personal plan ends because a team's seat covers its holder. */
export function personalPlanEndsMessage(
  person: { name: string | null; teamName: string | null },
  endsOn: Date,
  publicUrl: string,
  language: Language = 'en',
) {
  const t = (key: keyof typeof billingTexts.english, values?: Record<string, string>) =>
    billingTexts.t(language, key, values);
  const date = language === 'en' ? longDate(endsOn) : formatDate(language, endsOn);
  return {
    subject: t('personal.subject', { date }),
    text: [
      person.name ? t('mail.hello', { name: person.name }) : t('mail.helloNoName'),
      '',
      personalPlanEndsLine(language, endsOn),
      person.teamName ? t('personal.seat', { team: person.teamName }) : t('personal.seatNoTeam'),
      '',
      t('personal.plan', { link: `${publicUrl.replace(/\/+$/, '')}/subscription` }),
    ].join('\n'),
    ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
  };
}

async function sendPersonalPlanEndsMail(deps: Deps, userId: string, endsOn: Date) {
  // Every caller has just seated the person: the seat holds their address, name and team.
  const seat = await findSeatOf(deps.db, userId);
  const team = seat ? await findTeam(deps.db, seat.team_id) : undefined;
  const to = seat?.email || (await billingEmailOf(deps.db, userId, null));
  if (!to) return;
  const language = (await languagesOfUsers(deps.auth, [userId], deps.log))(userId);
  await sendQuietly(deps.mailer, deps.log, {
    to,
    ...personalPlanEndsMessage(
      { name: seat?.name || null, teamName: team?.name ?? null },
      endsOn,
      deps.config.PUBLIC_URL,
      language,
    ),
  });
}
