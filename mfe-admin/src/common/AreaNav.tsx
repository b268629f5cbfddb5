import { NavLink } from 'react-router-dom';
import own from './AreaNav.module.css';

/** An admin area's views as tabs, each a link with its own address (the current one marked). */
export function AreaNav({ label, views }: { label: string; views: { to: string; name: string }[] }) {
  return (
    <nav aria-label={label} className={own.tabs}>
      {views.map((view) => (
        <NavLink
          key={view.to}
          end
          to={view.to}
          className={({ isActive }) => (isActive ? `${own.tab} ${own.current}` : own.tab)}
        >
          {view.name}
        </NavLink>
      ))}
    </nav>
  );
}
