import { useStrings } from '@catalyst/web-kit';
import { AreaNav } from '../common/AreaNav';
import { consoleStrings } from '../i18n/console/en';

export const MODERATION_PATH = '/admin/community';
export const AUDIT_LOG_PATH = '/admin/community/audit';
export const REVIEW_REPORTS_PATH = '/admin/community/reviews';

/** The moderation area's views (reported posts, reported reviews, the audit log), as links (each has its own address). */
export function ModerationNav() {
  const t = useStrings(consoleStrings);
  return (
    <AreaNav
      label={t('moderation.nav')}
      views={[
        { to: MODERATION_PATH, name: t('moderation.nav.reports') },
        { to: REVIEW_REPORTS_PATH, name: t('moderation.nav.reviews') },
        { to: AUDIT_LOG_PATH, name: t('moderation.nav.audit') },
      ]}
    />
  );
}
