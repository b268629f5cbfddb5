import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN, TRIAL_DAYS } from '@catalyst/contracts/plan';
import type { DiscountOffer } from '@catalyst/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  KeptRoom,
  TextField,
  api,
  formatDate,
  formatMoney,
  formatPrice,
  isApiRequestError,
  premiumReasonText,
  useApiData,
  usePlanWords,
  useStrings,
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { accountStrings, type AccountText } from '../i18n/en';
import styles from './Subscription.module.css';

type Interval = 'month' | 'year';

/**
 * A code's discount on a plan, in words, from its values (the offer's `summary` is the server's English):
 * "$119.99 for the first year, then $149.99/year"; "$7.50/month for 3 months, then $14.99/month".
 */
function discountSummary(
  t: AccountText,
  discount: DiscountOffer,
  priced: DiscountOffer['prices'][number],
): string {
  const values = { reduced: formatMoney(priced.discountedPrice), full: formatMoney(priced.price) };
  const year = priced.interval === 'year';
  if (discount.duration === 'forever')
    return t(year ? 'plans.discountForeverYear' : 'plans.discountForeverMonth', values);
  if (discount.duration === 'once' || year)
    return t(year ? 'plans.discountFirstYear' : 'plans.discountFirstMonth', values);
  return t('plans.discountMonths', { ...values, count: discount.durationInMonths ?? 1 });
}

/**
 * The plans page without a plan: Premium monthly (the spec's texts) or annual ("2 months free"), the free
 * trial for someone who never had Premium, and a promotion code (typed, or from a shared `?code=` link) whose
 * discounted price shows before checkout.
 */
export function PlanChooser({ store }: { store: SubscriptionStore }) {
  const t = useStrings(accountStrings);
  const planWords = usePlanWords();
  const { status, startCheckout } = useSubscription(store);
  // Sent here from premium content: say why, above the plan (router state of that navigation).
  const { state } = useLocation();
  const reason = premiumReasonText(state);
  const leftCheckout = (state as { checkout?: unknown } | null)?.checkout === 'left';
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const [typed, setTyped] = useState(code);
  const [chosen, setChosen] = useState<Interval | null>(null);
  const [starting, setStarting] = useState<'pay' | 'trial' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const offer = useApiData(api.plan.offer, { query: code ? { code } : {} });
  const discount = offer.data?.discount ?? null;
  const codeError =
    code && offer.error
      ? isApiRequestError(offer.error) && offer.error.status < 500
        ? offer.error.message
        : t('plans.codeCheckFailed')
      : null;
  // A code for one plan shows that plan first.
  const interval: Interval = chosen ?? discount?.interval ?? 'month';
  const priced = discount?.prices.find((p) => p.interval === interval) ?? null;
  const summary = discount && priced ? discountSummary(t, discount, priced) : null;
  const trial = offer.data?.trial.eligible === true;
  // The trial's end if it started now (read once, when the page opens).
  const [trialEnds] = useState(() => formatDate(Date.now() + TRIAL_DAYS * 86400_000, 'long'));
  const plan = interval === 'year' ? PREMIUM_ANNUAL_PLAN : PREMIUM_PLAN;

  const trialButton = (
    <Button
      size="lg"
      block
      variant="secondary"
      loading={starting === 'trial'}
      onClick={() => void subscribe(true)}
    >
      {starting === 'trial' ? t('plans.redirecting') : t('plans.startTrial', { days: TRIAL_DAYS })}
    </Button>
  );

  function applyCode(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(searchParams);
    if (typed.trim()) next.set('code', typed.trim());
    else next.delete('code');
    setSearchParams(next, { replace: true });
  }

  async function subscribe(withTrial: boolean) {
    setStarting(withTrial ? 'trial' : 'pay');
    setError(null);
    try {
      await startCheckout('premium', {
        interval,
        ...(priced ? { code } : {}),
        ...(withTrial ? { trial: true } : {}),
      });
      // The browser is leaving for the checkout page; the button stays busy until it does.
    } catch (err) {
      setError(
        isApiRequestError(err) && err.status < 500 && err.message ? err.message : t('plans.checkoutFailed'),
      );
      setStarting(null);
    }
  }

  return (
    <section className={styles.page}>
      <header className={styles.intro}>
        <h1>{t('plans.title')}</h1>
        <p>{t('plans.lead')}</p>
      </header>
      {reason ? (
        <Alert tone="info" title={reason}>
          {t('plans.reasonAction')}
        </Alert>
      ) : null}
      {leftCheckout ? (
        <Alert tone="info" title={t('plans.leftTitle')}>
          {t('plans.leftText')}
        </Alert>
      ) : null}
      {status === 'canceled' ? <Alert tone="info">{t('plans.ended')}</Alert> : null}
      <div className={styles.switch} role="radiogroup" aria-label={t('plans.period')}>
        {(['month', 'year'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={interval === value}
            className={styles.switchOption}
            onClick={() => setChosen(value)}
          >
            {value === 'month' ? t('plans.monthly') : t('plans.annualOption', { saving: t('plans.saving') })}
          </button>
        ))}
      </div>
      <Card as="article" className={styles.plan} aria-labelledby="plan-premium">
        <div className={styles.planHeader}>
          <h2 id="plan-premium">{PREMIUM_PLAN.name}</h2>
          <Badge tone="primary">{interval === 'year' ? t('plans.saving') : planWords.tag}</Badge>
        </div>
        <p className={styles.price}>
          <span className={styles.amount}>{formatPrice(plan.price)}</span>
          <span className={styles.per}>{interval === 'year' ? t('plans.perYear') : t('plans.perMonth')}</span>
        </p>
        {interval === 'year' ? (
          <span className={styles.per}>
            {t('plans.billedYearly', { price: formatPrice(PREMIUM_ANNUAL_PLAN.monthlyPrice) })}
          </span>
        ) : null}
        <ul className={styles.list} aria-label={t('plans.features')}>
          {planWords.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {code && offer.isLoading ? (
          <KeptRoom shape={<div className={styles.offer}>{t('plans.code', { code })}</div>} />
        ) : priced ? (
          <div role="status" className={styles.offer}>
            <strong>{t('plans.codeApplied', { code: discount?.code ?? code })}</strong> {summary}
          </div>
        ) : discount ? (
          <div role="status" className={styles.offer}>
            {discount.interval === 'year'
              ? t('plans.codeForAnnual', { code: discount.code })
              : t('plans.codeForMonthly', { code: discount.code })}
          </div>
        ) : null}
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Button size="lg" block loading={starting === 'pay'} onClick={() => void subscribe(false)}>
          {starting === 'pay' ? t('plans.redirecting') : t('plans.subscribe')}
        </Button>
        {/* While the offer is asked for, its room is kept (most people here never had Premium). */}
        {offer.isLoading ? (
          <KeptRoom shape={trialOffer(t, trialEnds)} />
        ) : trial ? (
          trialOffer(t, trialEnds, trialButton)
        ) : null}
      </Card>
      <form className={styles.codeForm} aria-label={t('plans.codeForm')} onSubmit={applyCode}>
        <TextField
          label={t('plans.codeLabel')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          maxLength={32}
          error={codeError}
        />
        <Button type="submit" variant="secondary">
          {t('plans.apply')}
        </Button>
      </form>
    </section>
  );
}

/** The free trial's offer: when nothing is charged until, and its button (a stand-in of its size while loading). */
function trialOffer(t: AccountText, trialEnds: string, button?: ReactNode) {
  return (
    <div className={styles.trial}>
      <div className={styles.offer}>{t('plans.trialOffer', { days: TRIAL_DAYS, date: trialEnds })}</div>
      {button ?? (
        <Button size="lg" block variant="secondary">
          {t('plans.startTrial', { days: TRIAL_DAYS })}
        </Button>
      )}
    </div>
  );
}
