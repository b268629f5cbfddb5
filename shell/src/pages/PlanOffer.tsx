import type { ReactNode } from 'react';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { Badge, formatPrice } from '@catalyst/web-kit';
import styles from './Pages.module.css';

export const PLAN_PRICE = `${formatPrice(PREMIUM_PLAN.price)}/${PREMIUM_PLAN.interval}`;

/** The Premium plan as visitors meet it (welcome and pricing pages): name, tag, price, what it includes. */
export function PlanOffer({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section className={styles.planOffer} aria-labelledby={id}>
      <div className={styles.planOfferHeader}>
        <h2 id={id}>{PREMIUM_PLAN.name}</h2>
        <Badge tone="primary">{PREMIUM_PLAN.tag}</Badge>
      </div>
      <p className={styles.planOfferPrice}>{PLAN_PRICE}</p>
      <ul className={styles.planOfferList} aria-label={`${PREMIUM_PLAN.name} includes`}>
        {PREMIUM_PLAN.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className={styles.planOfferNote}>
        Free courses open with a free account; {PREMIUM_PLAN.name} opens everything. Cancel at any time.
      </p>
      {children}
    </section>
  );
}
