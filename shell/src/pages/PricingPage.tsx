import { Link } from 'react-router-dom';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { TEAM_SEAT_PRICE, TEAM_SEATS_MAX, TEAM_SEATS_MIN } from '@catalyst/contracts/teams-terms';
import {
  Button,
  buttonClassName,
  openAuthDialog,
  subscription,
  useDocumentTitle,
  useSession,
  useSiteConfig,
  useSubscription,
  type SubscriptionStore,
} from '@catalyst/web-kit';
import { PLAN_PRICE, PlanOffer } from './PlanOffer';
import styles from './Pages.module.css';

/** The team plan's price per seat, as the team page's form offers it. */
const TEAM_SEAT_LINE = `$${TEAM_SEAT_PRICE.month / 100} per seat per month, or $${TEAM_SEAT_PRICE.year / 100} per seat per year`;

/** The questions people ask before paying, answered as the Terms and the product have it. */
export function pricingQuestions(siteName: string): Array<{ question: string; answer: string }> {
  return [
    {
      question: 'What can I open without paying?',
      answer: `Free courses open with a free ${siteName} account, and every course's free preview lessons open to anyone. ${PREMIUM_PLAN.name} opens everything else.`,
    },
    {
      question: 'How is Premium billed?',
      answer: `${PLAN_PRICE}, charged in advance through our card payment provider. It renews automatically each ${PREMIUM_PLAN.interval} until you cancel.`,
    },
    {
      question: 'Can I cancel at any time?',
      answer:
        'Yes, from your account settings. You keep Premium until the end of the period you have paid for, and you can change your mind before then.',
    },
    {
      question: 'Do you give refunds?',
      answer: 'Refunds are generally not given, as the Terms and Conditions explain.',
    },
    {
      question: 'Can I learn offline?',
      answer:
        'Yes: install the app on your phone or computer and save lessons to watch without a connection.',
    },
    {
      question: 'Do I get a certificate?',
      answer: 'Finish a course and you get a certificate with an address anyone can use to check it.',
    },
  ];
}

/** /pricing, open to everyone: the plan, what it includes, the common questions, and the way in for each viewer. */
export default function PricingPage({ store = subscription }: { store?: SubscriptionStore }) {
  useDocumentTitle('Pricing');
  const site = useSiteConfig();
  const { isAuthenticated } = useSession();
  const { hasSubscription } = useSubscription(store);
  return (
    <article className={styles.pricing}>
      <header className={styles.pricingIntro}>
        <h1>Pricing</h1>
        <p className={styles.lead}>
          One plan opens the whole {site.name} library. Start free, upgrade when you are ready.
        </p>
      </header>
      <PlanOffer id="pricing-plan">
        {!isAuthenticated ? (
          <div className={styles.heroActions}>
            <Button size="lg" onClick={() => openAuthDialog('register')}>
              Sign Up for {PREMIUM_PLAN.name}
            </Button>
            <button type="button" className={styles.textLink} onClick={() => openAuthDialog('login')}>
              Already a member? Log in
            </button>
          </div>
        ) : hasSubscription ? (
          <Link to="/subscription" className={buttonClassName('secondary', 'lg')}>
            Manage your plan
          </Link>
        ) : (
          <Link to="/subscription" className={buttonClassName('primary', 'lg')}>
            Choose {PREMIUM_PLAN.name}
          </Link>
        )}
      </PlanOffer>
      <p className={styles.teamLine}>
        Buying for {TEAM_SEATS_MIN} to {TEAM_SEATS_MAX} people? <Link to="/team">For teams</Link>:{' '}
        {TEAM_SEAT_LINE}.
      </p>
      <section className={styles.faq} aria-labelledby="pricing-faq">
        <h2 id="pricing-faq">Questions</h2>
        {pricingQuestions(site.name).map(({ question, answer }) => (
          <details key={question} className={styles.faqItem}>
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
        <p className={styles.planOfferNote}>
          The full terms are in the <Link to="/terms-and-conditions">Terms and Conditions</Link>.{' '}
          <Link to="/browse">Browse the library</Link> to see what is in it.
        </p>
      </section>
    </article>
  );
}
