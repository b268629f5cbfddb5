import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN } from '@catalyst/contracts/plan';
import {
  Alert,
  Button,
  buttonClassName,
  Card,
  formatDate,
  formatPrice,
  isApiRequestError,
  Spinner,
  subscription,
  useDocumentTitle,
  useStrings,
  useSubscription,
  withPart,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import { planName } from './failureMessages';
import { PlanChooser } from './PlanChooser';
import { PlanSwitch } from './PlanSwitch';
import { canSwitchPlan, periodText, planLabel } from './planStatus';
import styles from './Subscription.module.css';

const messageOf = (error: unknown, fallback: string) =>
  isApiRequestError(error) && error.status < 500 && error.message ? error.message : fallback;

/** The plans page: Premium and its checkout, or, when subscribed, the plan and its management. */
export function PlansPage({ store = subscription }: { store?: SubscriptionStore }) {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('plans.documentTitle'));
  const state = useSubscription(store);
  if (state.isLoading) return <Spinner message={t('plans.loading')} />;
  return state.hasSubscription ? <SubscribedView store={store} /> : <PlanChooser store={store} />;
}

function SubscribedView({ store }: { store: SubscriptionStore }) {
  const t = useStrings(accountStrings);
  const state = useSubscription(store);
  const {
    plan,
    status,
    interval,
    trialEnd,
    gift,
    currentPeriodEnd,
    cancelAtPeriodEnd,
    cancel,
    reactivate,
    openBillingPortal,
  } = state;
  const [busy, setBusy] = useState<'cancel' | 'reactivate' | 'portal' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isAdminPlan = plan === 'admin';
  const endDate = formatDate(currentPeriodEnd, 'long');
  const period = periodText(t, { plan, currentPeriodEnd, cancelAtPeriodEnd, trialEnd, gift });
  // A plan set to end says so first, not "You're All Set!" above the end date.
  const ending = period?.ending === true;

  async function run(action: 'cancel' | 'reactivate' | 'portal', fallback: string) {
    setBusy(action);
    setError(null);
    setNotice(null);
    try {
      if (action === 'portal') {
        await openBillingPortal();
        return; // leaving for the provider's portal
      }
      const message = await (action === 'cancel' ? cancel() : reactivate());
      setNotice(message ?? null);
      setConfirming(false);
    } catch (err) {
      setError(messageOf(err, fallback));
    }
    setBusy(null);
  }

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1>
          {ending ? t('subscribed.ends', { plan: planName(plan), date: endDate }) : t('subscribed.allSet')}
        </h1>
        <p>
          {withPart(
            t('subscribed.current'),
            'plan',
            <strong>{isAdminPlan ? planName(plan) : planLabel(t, interval, gift)}</strong>,
          )}
        </p>
        {isAdminPlan ? <p className={styles.muted}>{t('subscribed.admin')}</p> : null}
        {status === 'past_due' ? (
          <Alert tone="warning" title={t('subscribed.pastDueTitle')}>
            {t('subscribed.pastDue')}{' '}
            <Link to="/account/billing?update=card">{t('subscribed.updateCard')}</Link>
          </Alert>
        ) : null}
        {period ? <p className={period.ending ? styles.danger : styles.muted}>{period.text}</p> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className={styles.actions}>
          <Link to="/browse" className={buttonClassName('primary')}>
            {t('subscribed.browse')}
          </Link>
          <Link to="/" className={buttonClassName('secondary')}>
            {t('subscribed.dashboard')}
          </Link>
        </div>
        {gift ? <AfterGift endDate={endDate} /> : null}
        {!isAdminPlan && !gift ? (
          <div className={styles.manage}>
            {cancelAtPeriodEnd ? (
              <Button
                loading={busy === 'reactivate'}
                onClick={() => void run('reactivate', t('subscribed.reactivateFailed'))}
              >
                {t('subscribed.reactivate')}
              </Button>
            ) : confirming ? (
              <div className={styles.confirm} role="group" aria-label={t('subscribed.confirmGroup')}>
                <p>
                  {endDate ? t('subscribed.cancelUntil', { date: endDate }) : t('subscribed.cancelUntilEnd')}
                </p>
                <div className={styles.actions}>
                  <Button
                    variant="danger"
                    loading={busy === 'cancel'}
                    onClick={() => void run('cancel', t('subscribed.cancelFailed'))}
                  >
                    {t('subscribed.yesCancel')}
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirming(false)}>
                    {t('subscribed.keep')}
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('subscribed.cancel')}
              </Button>
            )}
            <Button
              variant="ghost"
              loading={busy === 'portal'}
              onClick={() => void run('portal', t('plan.portalFailed'))}
            >
              {t('subscribed.manage')}
            </Button>
          </div>
        ) : null}
        {canSwitchPlan(state) ? <PlanSwitch store={store} /> : null}
      </Card>
    </section>
  );
}

/**
 * A gift's Premium: nothing to cancel or reactivate (no plan is billed), so what comes after it instead. A
 * checkout is refused while Premium is open, so the plans come back here once the gift ends.
 */
function AfterGift({ endDate }: { endDate: string }) {
  const t = useStrings(accountStrings);
  return (
    <section className={styles.switchPlan} aria-labelledby="after-gift">
      <h2 id="after-gift">{t('subscribed.afterGiftTitle')}</h2>
      <p>
        {t('subscribed.afterGift', {
          date: endDate,
          monthly: formatPrice(PREMIUM_PLAN.price),
          annual: formatPrice(PREMIUM_ANNUAL_PLAN.price),
          saving: t('plans.saving'),
        })}
      </p>
    </section>
  );
}

export default PlansPage;
