import { useStrings } from '@catalyst/web-kit';
import { AreaNav } from '../common/AreaNav';
import { adminStrings } from '../i18n/en';

export const USERS_PATH = '/admin/users';
export const USERS_AUDIT_PATH = '/admin/users/audit';

/** The users area's two views, as links (each has its own address). */
export function UsersNav() {
  const t = useStrings(adminStrings);
  return (
    <AreaNav
      label={t('users.users')}
      views={[
        { to: USERS_PATH, name: t('users.accounts') },
        { to: USERS_AUDIT_PATH, name: t('users.auditLog') },
      ]}
    />
  );
}
