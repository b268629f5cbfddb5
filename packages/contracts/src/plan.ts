// The one paid plan, without zod: the shell's first page (welcome) reads it through '@catalyst/contracts/plan'.

/**
 * The one paid plan (spec section 3, fixed in the client; the server charges the same price). Its features say
 * only what the product has: the spec's "priority support" and "mobile and desktop apps" read as what exists.
 */
export const PREMIUM_PLAN = {
  id: 'premium',
  name: 'Premium',
  price: 14.99,
  /** Minor units and currency the payment provider charges. */
  unitAmount: 1499,
  currency: 'usd',
  interval: 'month',
  /** The provider's price is found by this key (billing makes it once when the provider has none). */
  lookupKey: 'catalyst_premium_monthly',
  tag: 'Most popular choice',
  features: [
    'Access to all courses',
    'Install Catalyst as an app on phone and desktop',
    'Advanced progress tracking',
    'Downloadable resources',
    'Questions & answers on every lesson',
    'Live Q&A sessions',
    'Certificate of completion',
  ],
} as const;

/** Premium billed yearly: ten months' price for twelve (issue 56). Its features are the monthly plan's. */
export const PREMIUM_ANNUAL_PLAN = {
  id: 'premium',
  name: 'Premium Annual',
  price: 149.99,
  unitAmount: 14999,
  currency: 'usd',
  interval: 'year',
  lookupKey: 'catalyst_premium_annual',
  /** The price per month it comes to, as shown beside the yearly price. */
  monthlyPrice: 12.5,
  saving: '2 months free',
} as const;

/** How a plan is billed: every month or every year. */
export type BillingInterval = 'month' | 'year';

/** The free trial a person who never had Premium may take once. */
export const TRIAL_DAYS = 7;
