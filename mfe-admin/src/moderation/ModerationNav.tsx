import { AreaNav } from '../common/AreaNav';

export const MODERATION_PATH = '/admin/community';
export const AUDIT_LOG_PATH = '/admin/community/audit';

/** The moderation area's two views, as links (each has its own address). */
export function ModerationNav() {
  return (
    <AreaNav
      label="Moderation"
      views={[
        { to: MODERATION_PATH, name: 'Reports' },
        { to: AUDIT_LOG_PATH, name: 'Audit log' },
      ]}
    />
  );
}
