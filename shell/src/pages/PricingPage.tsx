import { Link } from 'react-router-dom';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { TEAM_SEAT_PRICE, TEAM_SEATS_MAX, TEAM_SEATS_MIN } from '@catalyst/contracts/teams-terms';
import {
  Button,
  buttonClassName,
  formatCount,
  formatPrice,
  openAuthDialog,
  subscription,
  useDocumentTitle,
  useSession,
  useSiteConfig,
  useStrings,
  useSubscription,
  withPart,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { shellPageStrings } from '../i18n/pages/en';
import { PlanOffer } from './PlanOffer';
import styles from './Pages.module.css';

/** How the plan is billed, for each interval a plan may have (a new interval fails the typecheck until it has one). */
const BILLED_ANSWER = { month: 'pricing.billedAnswerMonth' } as const satisfies Record<
  typeof PREMIUM_PLAN.interval,
  string
>;

/** The questions people ask before paying (question and answer keys), answered as the Terms and the product have it. */
const QUESTIONS = [
  ['pricing.freeQuestion', 'pricing.freeAnswer'],
  ['pricing.billedQuestion', BILLED_ANSWER[PREMIUM_PLAN.interval]],
  ['pricing.cancelQuestion', 'pricing.cancelAnswer'],
  ['pricing.refundQuestion', 'pricing.refundAnswer'],
  ['pricing.offlineQuestion', 'pricing.offlineAnswer'],
  ['pricing.certificateQuestion', 'pricing.certificateAnswer'],
] as const;

/** /pricing, open to everyone: the plan, what it includes, the common questions, and the way in for each viewer. */
export default function PricingPage({ store = subscription }: { store?: SubscriptionStore }) {
  const t = useStrings(shellPageStrings);
  useDocumentTitle(t('pricing.title'));
  const site = useSiteConfig();
  const { isAuthenticated } = useSession();
  const { hasSubscription } = useSubscription(store);
  return (
    <article className={styles.pricing}>
      <header className={styles.pricingIntro}>
        <h1>{t('pricing.title')}</h1>
        <p className={styles.lead}>{t('pricing.lead', { site: site.name })}</p>
      </header>
      <PlanOffer id="pricing-plan">
        {!isAuthenticated ? (
          <div className={styles.heroActions}>
            <Button size="lg" onClick={() => openAuthDialog('register')}>
              {t('pricing.signUp', { plan: PREMIUM_PLAN.name })}
            </Button>
            <button type="button" className={styles.textLink} onClick={() => openAuthDialog('login')}>
              {t('pricing.member')}
            </button>
          </div>
        ) : hasSubscription ? (
          <Link to="/subscription" className={buttonClassName('secondary', 'lg')}>
            {t('pricing.manage')}
          </Link>
        ) : (
          <Link to="/subscription" className={buttonClassName('primary', 'lg')}>
            {t('pricing.choose', { plan: PREMIUM_PLAN.name })}
          </Link>
        )}
      </PlanOffer>
      <p className={styles.teamLine}>
        {withPart(
          t('pricing.teams', {
            min: formatCount(TEAM_SEATS_MIN),
            max: formatCount(TEAM_SEATS_MAX),
            // the team page's form offers the same prices per seat
            monthPrice: formatPrice(TEAM_SEAT_PRICE.month / 100, { whole: true }),
            yearPrice: formatPrice(TEAM_SEAT_PRICE.year / 100, { whole: true }),
          }),
          'link',
          <Link to="/team">{t('pricing.teamsLink')}</Link>,
        )}
      </p>
      <section className={styles.faq} aria-labelledby="pricing-faq">
        <h2 id="pricing-faq">{t('pricing.questions')}</h2>
        {QUESTIONS.map(([question, answer]) => (
          <details key={question} className={styles.faqItem}>
            <summary>{t(question, { plan: PREMIUM_PLAN.name })}</summary>
            <p>
              {t(answer, {
                site: site.name,
                plan: PREMIUM_PLAN.name,
                price: formatPrice(PREMIUM_PLAN.price),
              })}
            </p>
          </details>
        ))}
        <p className={styles.planOfferNote}>
          {withPart(
            t('pricing.terms'),
            'link',
            <Link to="/terms-and-conditions">{t('pricing.termsLink')}</Link>,
          )}{' '}
          {withPart(t('pricing.browse'), 'link', <Link to="/browse">{t('pricing.browseLink')}</Link>)}
        </p>
      </section>
    </article>
  );
}
