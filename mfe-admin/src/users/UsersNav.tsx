import { NavLink } from 'react-router-dom';
import own from './Users.module.css';

export const USERS_PATH = '/admin/users';
export const USERS_AUDIT_PATH = '/admin/users/audit';

/** The users area's two views, as links (each has its own address). */
export function UsersNav() {
  return (
    <nav aria-label="Users" className={own.tabs}>
      <NavLink
        end
        to={USERS_PATH}
        className={({ isActive }) => (isActive ? `${own.tab} ${own.current}` : own.tab)}
      >
        Accounts
      </NavLink>
      <NavLink
        end
        to={USERS_AUDIT_PATH}
        className={({ isActive }) => (isActive ? `${own.tab} ${own.current}` : own.tab)}
      >
        Audit log
      </NavLink>
    </nav>
  );
}
