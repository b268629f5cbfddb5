import { AreaNav } from '../common/AreaNav';

export const MODERATION_PATH = '/admin/community';
export const AUDIT_LOG_PATH = '/admin/community/audit';
export const REVIEW_REPORTS_PATH = '/admin/community/reviews';

/** The moderation area's views (reported posts, reported reviews, the audit log), as links (each has its own address). */
export function ModerationNav() {
  return (
    <AreaNav
      label="Moderation"
      views={[
        { to: MODERATION_PATH, name: 'Reports' },
        { to: REVIEW_REPORTS_PATH, name: 'Reviews' },
        { to: AUDIT_LOG_PATH, name: 'Audit log' },
      ]}
    />
  );
}
