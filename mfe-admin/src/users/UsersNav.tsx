import { AreaNav } from '../common/AreaNav';

export const USERS_PATH = '/admin/users';
export const USERS_AUDIT_PATH = '/admin/users/audit';

/** The users area's two views, as links (each has its own address). */
export function UsersNav() {
  return (
    <AreaNav
      label="Users"
      views={[
        { to: USERS_PATH, name: 'Accounts' },
        { to: USERS_AUDIT_PATH, name: 'Audit log' },
      ]}
    />
  );
}
