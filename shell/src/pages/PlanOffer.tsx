import type { ReactNode } from 'react';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { Badge, formatPrice, usePlanWords, useStrings } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import styles from './Pages.module.css';

/** The price with its interval for each interval a plan may have: '$14.99/month' (de '14,99 $/Monat'). */
const PLAN_PRICE = { month: 'plan.priceMonth' } as const satisfies Record<
  typeof PREMIUM_PLAN.interval,
  string
>;

/** The Premium plan as visitors meet it (welcome and pricing pages): name, tag, price, what it includes. */
export function PlanOffer({ id, children }: { id: string; children: ReactNode }) {
  const t = useStrings(shellStrings);
  const plan = usePlanWords();
  return (
    <section className={styles.planOffer} aria-labelledby={id}>
      <div className={styles.planOfferHeader}>
        <h2 id={id}>{PREMIUM_PLAN.name}</h2>
        <Badge tone="primary">{plan.tag}</Badge>
      </div>
      <p className={styles.planOfferPrice}>
        {t(PLAN_PRICE[PREMIUM_PLAN.interval], { price: formatPrice(PREMIUM_PLAN.price) })}
      </p>
      <ul className={styles.planOfferList} aria-label={t('plan.includes', { plan: PREMIUM_PLAN.name })}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className={styles.planOfferNote}>{t('plan.note', { plan: PREMIUM_PLAN.name })}</p>
      {children}
    </section>
  );
}
