import { useState } from 'react';
import {
  Alert,
  Button,
  api,
  formatDate,
  formatPrice,
  isApiRequestError,
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
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
      setError(messageOf(err, 'The switch could not be priced. Please try again.'));
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
      setError(messageOf(err, 'Your plan could not be changed. Please try again.'));
    }
    setBusy(null);
  }

  return (
    <section className={styles.switchPlan} aria-labelledby="switch-plan">
      <Heading id="switch-plan">{target === 'year' ? 'Switch to annual' : 'Switch to monthly'}</Heading>
      {scheduledInterval ? (
        <p>
          Your plan becomes monthly on {formatDate(currentPeriodEnd, 'long')}. Keep the annual plan instead?
        </p>
      ) : target === 'year' ? (
        <p>$149.99 a year, 2 months free. The unused part of this month is taken off.</p>
      ) : (
        <p>$14.99 a month from your annual renewal on {formatDate(currentPeriodEnd, 'long')}.</p>
      )}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {preview ? (
        <div role="group" aria-label="Confirm the switch" className={styles.confirm}>
          {preview.effective === 'now' ? (
            <dl className={styles.facts}>
              <dt>Premium Annual</dt>
              <dd>{formatPrice(preview.price)}</dd>
              <dt>Unused time credited</dt>
              <dd>−{formatPrice(preview.credit)}</dd>
              <dt>Charged today</dt>
              <dd>{formatPrice(preview.amountDue)}</dd>
            </dl>
          ) : (
            <p>
              Nothing is charged now. From {formatDate(preview.effectiveAt, 'long')} you pay{' '}
              {formatPrice(preview.price)} a month.
            </p>
          )}
          <div className={styles.actions}>
            <Button loading={busy === 'change'} onClick={() => void confirm()}>
              Confirm switch
            </Button>
            <Button variant="ghost" onClick={() => setPreview(null)}>
              Not now
            </Button>
          </div>
        </div>
      ) : scheduledInterval ? (
        <Button variant="secondary" loading={busy === 'change'} onClick={() => void confirm()}>
          Keep annual
        </Button>
      ) : (
        <Button variant="secondary" loading={busy === 'preview'} onClick={() => void ask()}>
          {target === 'year' ? 'See the annual price' : 'Switch to monthly'}
        </Button>
      )}
    </section>
  );
}
