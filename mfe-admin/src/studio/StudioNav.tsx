import { AreaNav } from '../common/AreaNav';

/** The creator studio's views: the creator's products, how they do, their reviews, what they earned, their page. */
export const STUDIO_VIEWS = [
  { to: '/studio', name: 'Products' },
  { to: '/studio/analytics', name: 'Analytics' },
  { to: '/studio/reviews', name: 'Reviews' },
  { to: '/studio/earnings', name: 'Earnings' },
  { to: '/studio/profile', name: 'Public page' },
];

export function StudioNav() {
  return <AreaNav label="Creator studio" views={STUDIO_VIEWS} />;
}
