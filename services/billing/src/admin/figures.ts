// The admin dashboard's billing figures, from billing's own tables (the subscriptions mirror and the invoices
// mirror): monthly recurring revenue, active subscribers by plan, trials and how many convert, this month's
// churn, and the revenue recovered after a failed first attempt.
import { sql, type Kysely } from 'kysely';
import { PREMIUM_PLAN, type BillingFigures } from '@catalyst/contracts';
import type { Database } from '../db/schema';

const DAY_MS = 86_400_000;
const PAYING = ['active', 'past_due'] as const;

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A plan's name by the length of its paid period: a year is Annual, anything shorter Monthly. */
const planOfPeriod = (start: Date | null, end: Date | null) =>
  start && end && end.getTime() - start.getTime() > 200 * DAY_MS ? 'Premium Annual' : 'Premium Monthly';

export async function billingFigures(db: Kysely<Database>, now = new Date()): Promise<BillingFigures> {
  const since = monthStart(now);
  // Every provider subscription with its latest charged invoice (what it pays per period).
  const subs = await db
    .selectFrom('subscriptions as s')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('invoices as i')
          .select(['i.amount_paid', 'i.period_start', 'i.period_end'])
          .whereRef('i.stripe_subscription_id', '=', 's.stripe_subscription_id')
          .where('i.status', '=', 'paid')
          .where('i.amount_paid', '>', 0)
          .orderBy('i.created', 'desc')
          .limit(1)
          .as('paid'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('invoices as f')
          .select(['f.amount_due as first_amount', 'f.period_end as trial_end'])
          .whereRef('f.stripe_subscription_id', '=', 's.stripe_subscription_id')
          .where('f.billing_reason', '=', 'subscription_create')
          .orderBy('f.created', 'asc')
          .limit(1)
          .as('first'),
      (join) => join.onTrue(),
    )
    .select([
      's.status',
      's.source',
      's.current_period_end',
      's.ended_at',
      's.created_at',
      'paid.amount_paid',
      'paid.period_start',
      'paid.period_end',
      'first.first_amount',
      'first.trial_end',
    ])
    .execute();

  let mrr = 0;
  const byPlan = new Map<string, number>();
  const count = (plan: string) => byPlan.set(plan, (byPlan.get(plan) ?? 0) + 1);
  let trialsActive = 0;
  let trialsEnded = 0;
  let trialsConverted = 0;
  let churned = 0;
  let liveAtMonthStart = 0;
  for (const sub of subs) {
    if (sub.source === 'gift') {
      if (sub.current_period_end && sub.current_period_end > now) count('Gift');
      continue;
    }
    const paying = (PAYING as readonly string[]).includes(sub.status);
    const plan = planOfPeriod(sub.period_start, sub.period_end);
    if (paying) {
      count(plan);
      const amount = Number(sub.amount_paid ?? 0) / 100;
      mrr += plan === 'Premium Annual' ? amount / 12 : amount;
    }
    // A trial's first invoice charged nothing; it converted once a later one was paid.
    const wasTrial = sub.first_amount !== null && Number(sub.first_amount) === 0;
    // 'trialing' is also a paying plan whose next charge a redeemed gift moved: its months are a gift's.
    if (sub.status === 'trialing' && (wasTrial || sub.first_amount === null)) {
      trialsActive++;
      count('Trial');
    } else if (sub.status === 'trialing') count('Gift');
    if (
      wasTrial &&
      sub.status !== 'trialing' &&
      sub.trial_end &&
      now.getTime() - sub.trial_end.getTime() <= 30 * DAY_MS
    ) {
      trialsEnded++;
      if (Number(sub.amount_paid ?? 0) > 0) trialsConverted++;
    }
    const ended = sub.ended_at;
    if (ended && ended >= since && ended <= now) churned++;
    if (sub.created_at < since && (!ended || ended >= since)) liveAtMonthStart++;
  }

  const recovered = await db
    .selectFrom('invoices')
    .select([sql<number>`count(*)`.as('invoices'), sql<number>`coalesce(sum(amount_paid), 0)`.as('amount')])
    .where('status', '=', 'paid')
    .where('attempt_count', '>', 1)
    .where('billing_reason', '=', 'subscription_cycle')
    .where('paid_at', '>=', since)
    .where('paid_at', '<=', now)
    .executeTakeFirstOrThrow();

  return {
    currency: PREMIUM_PLAN.currency,
    mrr: round2(mrr),
    activeByPlan: [...byPlan.entries()]
      .map(([plan, n]) => ({ plan, count: n }))
      .sort((a, b) => a.plan.localeCompare(b.plan)),
    trials: { active: trialsActive, ended: trialsEnded, converted: trialsConverted },
    churn: { ended: churned, rate: liveAtMonthStart > 0 ? round2(churned / liveAtMonthStart) : 0 },
    recovered: { invoices: Number(recovered.invoices), amount: round2(Number(recovered.amount) / 100) },
  };
}
