import { NavLink } from 'react-router-dom';
import own from './Moderation.module.css';

export const MODERATION_PATH = '/admin/community';
export const AUDIT_LOG_PATH = '/admin/community/audit';

/** The moderation area's two views, as links (each has its own address). */
export function ModerationNav() {
  return (
    <nav aria-label="Moderation" className={own.tabs}>
      <NavLink
        end
        to={MODERATION_PATH}
        className={({ isActive }) => (isActive ? `${own.tab} ${own.current}` : own.tab)}
      >
        Reports
      </NavLink>
      <NavLink
        end
        to={AUDIT_LOG_PATH}
        className={({ isActive }) => (isActive ? `${own.tab} ${own.current}` : own.tab)}
      >
        Audit log
      </NavLink>
    </nav>
  );
}
