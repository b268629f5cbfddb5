import {
  api as defaultApi,
  Card,
  formatCount,
  formatPercent,
  useApiData,
  useStrings,
  type ApiClient,
  formatMoney,
} from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import styles from '../common/Admin.module.css';

const percent = (share: number) => formatPercent(Math.round(share * 1000) / 10);

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>{value}</p>
      <p className={styles.statLabel}>{detail}</p>
    </Card>
  );
}

const LABELS = [
  'billing.mrr',
  'billing.active',
  'billing.trials',
  'billing.churn',
  'billing.recovered',
] as const;

/** The dashboard's billing figures (GET /admin/billing/figures: billing's own tables, never the provider). */
export function BillingFigures({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  const { data, error } = useApiData(client.adminBilling.figures, undefined);
  return (
    <section aria-labelledby="billing-figures">
      <h2 id="billing-figures">{t('billing.title')}</h2>
      {error ? (
        <p role="alert">{t('billing.unavailable')}</p>
      ) : !data ? (
        <div className={styles.stats} aria-busy="true" aria-label={t('billing.loading')}>
          {LABELS.map((label) => (
            <Figure key={label} label={t(label)} value={'\u2026'} detail={'\u00a0'} />
          ))}
        </div>
      ) : (
        <div className={styles.stats} data-testid="billing-figures">
          <Figure
            label={t('billing.mrr')}
            value={formatMoney(data.mrr, data.currency)}
            detail={t('billing.mrrDetail')}
          />
          <Figure
            label={t('billing.active')}
            value={formatCount(data.activeByPlan.reduce((sum, plan) => sum + plan.count, 0))}
            detail={
              data.activeByPlan
                .map((plan) => t('billing.planCount', { plan: plan.plan, count: formatCount(plan.count) }))
                .join(', ') || t('billing.noneYet')
            }
          />
          <Figure
            label={t('billing.trials')}
            value={data.trials.ended > 0 ? percent(data.trials.converted / data.trials.ended) : '—'}
            detail={t('billing.trialsDetail', {
              converted: formatCount(data.trials.converted),
              ended: formatCount(data.trials.ended),
              active: formatCount(data.trials.active),
            })}
          />
          <Figure
            label={t('billing.churn')}
            value={percent(data.churn.rate)}
            detail={t('billing.churnDetail', {
              count: data.churn.ended,
              shown: formatCount(data.churn.ended),
            })}
          />
          <Figure
            label={t('billing.recovered')}
            value={formatMoney(data.recovered.amount, data.currency)}
            detail={t('billing.recoveredDetail', {
              count: data.recovered.invoices,
              shown: formatCount(data.recovered.invoices),
            })}
          />
        </div>
      )}
    </section>
  );
}
