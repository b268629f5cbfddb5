import { useState } from 'react';
import {
  Alert,
  Button,
  api,
  formatDate,
  formatPrice,
  isApiRequestError,
  useStrings,
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { accountStrings } from '../i18n/en';
import styles from './Subscription.module.css';

type Interval = 'month' | 'year';
type Preview = Awaited<ReturnType<typeof api.plan.previewChange>>;

const messageOf = (error: unknown, fallback: string) =>
  isApiRequestError(error) && error.status < 500 && error.message ? error.message : fallback;

/**
 * Monthly ↔ annual. What the switch costs is asked of the server first (the provider's preview: the unused
 * month credited against the year) and shown before the person confirms; annual → monthly waits for the renewal.
 */
export function PlanSwitch({
  store,
  headingLevel = 2,
}: {
  store: SubscriptionStore;
  /** 3 inside a section of its own (the profile's plan section). */
  headingLevel?: 2 | 3;
}) {
  const t = useStrings(accountStrings);
  const { interval, scheduledInterval, currentPeriodEnd, changePlan } = useSubscription(store);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'change' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!interval) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const target: Interval = scheduledInterval ? interval : interval === 'month' ? 'year' : 'month';

  async function ask() {
    setBusy('preview');
    setError(null);
    setNotice(null);
    try {
      setPreview(await api.plan.previewChange({ query: { interval: target } }));
    } catch (err) {
      setError(messageOf(err, t('switch.priceFailed')));
    }
    setBusy(null);
  }

  async function confirm() {
    setBusy('change');
    setError(null);
    try {
      setNotice((await changePlan(target)) ?? null);
      setPreview(null);
    } catch (err) {
      setError(messageOf(err, t('switch.changeFailed')));
    }
    setBusy(null);
  }

  return (
    <section className={styles.switchPlan} aria-labelledby="switch-plan">
      <Heading id="switch-plan">{target === 'year' ? t('switch.toAnnual') : t('switch.toMonthly')}</Heading>
      {scheduledInterval ? (
        <p>{t('switch.scheduled', { date: formatDate(currentPeriodEnd, 'long') })}</p>
      ) : target === 'year' ? (
        <p>
          {t('switch.annualOffer', {
            price: formatPrice(PREMIUM_ANNUAL_PLAN.price),
            saving: t('plans.saving'),
          })}
        </p>
      ) : (
        <p>
          {t('switch.monthlyOffer', {
            price: formatPrice(PREMIUM_PLAN.price),
            date: formatDate(currentPeriodEnd, 'long'),
          })}
        </p>
      )}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {preview ? (
        <div role="group" aria-label={t('switch.confirmGroup')} className={styles.confirm}>
          {preview.effective === 'now' ? (
            <dl className={styles.facts}>
              <dt>{t('plan.annual')}</dt>
              <dd>{formatPrice(preview.price)}</dd>
              <dt>{t('switch.credit')}</dt>
              <dd>−{formatPrice(preview.credit)}</dd>
              <dt>{t('switch.chargedToday')}</dt>
              <dd>{formatPrice(preview.amountDue)}</dd>
            </dl>
          ) : (
            <p>
              {t('switch.later', {
                date: formatDate(preview.effectiveAt, 'long'),
                price: formatPrice(preview.price),
              })}
            </p>
          )}
          <div className={styles.actions}>
            <Button loading={busy === 'change'} onClick={() => void confirm()}>
              {t('switch.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setPreview(null)}>
              {t('switch.notNow')}
            </Button>
          </div>
        </div>
      ) : scheduledInterval ? (
        <Button variant="secondary" loading={busy === 'change'} onClick={() => void confirm()}>
          {t('switch.keepAnnual')}
        </Button>
      ) : (
        <Button variant="secondary" loading={busy === 'preview'} onClick={() => void ask()}>
          {target === 'year' ? t('switch.seeAnnual') : t('switch.toMonthly')}
        </Button>
      )}
    </section>
  );
}
