import { AreaNav } from '../common/AreaNav';

/** The creator studio's views: the creator's products, how they do, and what they earned. */
export const STUDIO_VIEWS = [
  { to: '/studio', name: 'Products' },
  { to: '/studio/analytics', name: 'Analytics' },
  { to: '/studio/earnings', name: 'Earnings' },
];

export function StudioNav() {
  return <AreaNav label="Creator studio" views={STUDIO_VIEWS} />;
}
