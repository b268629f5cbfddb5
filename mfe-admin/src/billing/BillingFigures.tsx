import { api as defaultApi, Card, useApiData, type ApiClient } from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';

const money = (amount: number, currency: string) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>{value}</p>
      <p className={styles.statLabel}>{detail}</p>
    </Card>
  );
}

const LABELS = ['MRR', 'Active subscribers', 'Trials converting', 'Churn this month', 'Recovered by retries'];

/** The dashboard's billing figures (GET /admin/billing/figures: billing's own tables, never the provider). */
export function BillingFigures({ client = defaultApi }: { client?: ApiClient }) {
  const { data, error } = useApiData(client.adminBilling.figures, undefined);
  return (
    <section aria-labelledby="billing-figures">
      <h2 id="billing-figures">Billing</h2>
      {error ? (
        <p role="alert">Billing figures are unavailable right now.</p>
      ) : !data ? (
        <div className={styles.stats} aria-busy="true" aria-label="Loading billing figures...">
          {LABELS.map((label) => (
            <Figure key={label} label={label} value={'\u2026'} detail={'\u00a0'} />
          ))}
        </div>
      ) : (
        <div className={styles.stats} data-testid="billing-figures">
          <Figure label="MRR" value={money(data.mrr, data.currency)} detail="Monthly recurring revenue" />
          <Figure
            label="Active subscribers"
            value={String(data.activeByPlan.reduce((sum, plan) => sum + plan.count, 0))}
            detail={data.activeByPlan.map((plan) => `${plan.plan}: ${plan.count}`).join(', ') || 'None yet'}
          />
          <Figure
            label="Trials converting"
            value={data.trials.ended > 0 ? percent(data.trials.converted / data.trials.ended) : '—'}
            detail={`${data.trials.converted} of ${data.trials.ended} ended in 30 days; ${data.trials.active} on trial`}
          />
          <Figure
            label="Churn this month"
            value={percent(data.churn.rate)}
            detail={`${data.churn.ended} ${data.churn.ended === 1 ? 'plan' : 'plans'} ended`}
          />
          <Figure
            label="Recovered by retries"
            value={money(data.recovered.amount, data.currency)}
            detail={`${data.recovered.invoices} failed ${data.recovered.invoices === 1 ? 'renewal' : 'renewals'} paid this month`}
          />
        </div>
      )}
    </section>
  );
}
