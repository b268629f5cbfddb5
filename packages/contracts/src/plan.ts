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
