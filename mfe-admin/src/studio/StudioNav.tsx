import { AreaNav } from '../common/AreaNav';

/** The creator studio's views: products, how they do, reviews, questions, earnings, the public page. */
export const STUDIO_VIEWS = [
  { to: '/studio', name: 'Products' },
  { to: '/studio/analytics', name: 'Analytics' },
  { to: '/studio/reviews', name: 'Reviews' },
  { to: '/studio/questions', name: 'Questions' },
  { to: '/studio/earnings', name: 'Earnings' },
  { to: '/studio/profile', name: 'Public page' },
];

export function StudioNav() {
  return <AreaNav label="Creator studio" views={STUDIO_VIEWS} />;
}
