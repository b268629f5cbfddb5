import { useStrings } from '@catalyst/web-kit';
import { AreaNav } from '../common/AreaNav';
import { consoleStrings } from '../i18n/console/en';

/** The creator studio's views: products, how they do, reviews, questions, earnings, the public page. */
export const STUDIO_VIEWS = [
  { to: '/studio', name: 'studio.nav.products' },
  { to: '/studio/analytics', name: 'studio.nav.analytics' },
  { to: '/studio/reviews', name: 'studio.nav.reviews' },
  { to: '/studio/questions', name: 'studio.nav.questions' },
  { to: '/studio/earnings', name: 'studio.earnings.title' },
  { to: '/studio/profile', name: 'studio.nav.profile' },
] as const;

export function StudioNav() {
  const t = useStrings(consoleStrings);
  return (
    <AreaNav
      label={t('studio.nav')}
      views={STUDIO_VIEWS.map((view) => ({ to: view.to, name: t(view.name) }))}
    />
  );
}
