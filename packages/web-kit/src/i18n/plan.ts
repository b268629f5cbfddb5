import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { kitStrings } from './en';
import { useStrings } from './strings';

/** The plan's features in the contracts' order (PREMIUM_PLAN.features), as keys of web-kit's table. */
const PLAN_FEATURES = [
  'plan.featureCourses',
  'plan.featureApp',
  'plan.featureProgress',
  'plan.featureResources',
  'plan.featureQuestions',
  'plan.featureLive',
  'plan.featureCertificate',
] as const satisfies { length: (typeof PREMIUM_PLAN.features)['length'] };

/**
 * The Premium plan's tag and features in the page's language, for every part that shows the plan (the shell's
 * welcome and pricing pages, the account's plans page): the English is the contracts' own, once.
 */
export function usePlanWords(): { tag: string; features: string[] } {
  const t = useStrings(kitStrings);
  return { tag: t('plan.tag'), features: PLAN_FEATURES.map((feature) => t(feature)) };
}
