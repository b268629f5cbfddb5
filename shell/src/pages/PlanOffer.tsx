import type { ReactNode } from 'react';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { Badge, formatPrice, useStrings } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import styles from './Pages.module.css';

/** The plan's price and interval: '$14.99/month' (the price in the page's language). */
const planPrice = () => `${formatPrice(PREMIUM_PLAN.price)}/${PREMIUM_PLAN.interval}`;

/** The Premium plan as visitors meet it (welcome and pricing pages): name, tag, price, what it includes. */
export function PlanOffer({ id, children }: { id: string; children: ReactNode }) {
  const t = useStrings(shellStrings);
  return (
    <section className={styles.planOffer} aria-labelledby={id}>
      <div className={styles.planOfferHeader}>
        <h2 id={id}>{PREMIUM_PLAN.name}</h2>
        <Badge tone="primary">{PREMIUM_PLAN.tag}</Badge>
      </div>
      <p className={styles.planOfferPrice}>{planPrice()}</p>
      <ul className={styles.planOfferList} aria-label={t('plan.includes', { plan: PREMIUM_PLAN.name })}>
        {PREMIUM_PLAN.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className={styles.planOfferNote}>{t('plan.note', { plan: PREMIUM_PLAN.name })}</p>
      {children}
    </section>
  );
}
