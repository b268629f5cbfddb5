// The one paid plan, without zod: the shell's first page (welcome) reads it through '@catalyst/contracts/plan'.

/** The one paid plan (spec section 3, fixed in the client; the server charges the same price). */
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
    'Priority support',
    'Mobile and desktop apps',
    'Advanced progress tracking',
    'Downloadable resources',
    'Live Q&A sessions',
    'Certificate of completion',
  ],
} as const;
