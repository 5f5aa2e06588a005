import { NavLink, Outlet } from 'react-router-dom';
import styles from './side-menu-layout.module.css';

export interface SideMenuItem {
  to: string;
  /** The translated text. */
  label: string;
  /** Active only on exactly this path (a section's index page), not on the paths below it. */
  end?: boolean;
}

export interface SideMenuLayoutProps {
  /** The menu's accessible name. */
  label: string;
  /** A small heading above the first group. */
  title?: string;
  /** Groups of links, drawn with a line between them (hidden on small screens). */
  groups: readonly (readonly SideMenuItem[])[];
  /** Stack the page's cards with the shell's gap. */
  isStacked?: boolean;
  /** A small line under the menu (the console's time zone). */
  note?: string;
}

/**
 * A route group's shell: a menu of links on the left (a scrolling row on small screens), the current
 * page (`<Outlet />`) on the right. The account area and the asset shell both use it.
 */
export function SideMenuLayout({ label, title, groups, isStacked = false, note }: SideMenuLayoutProps) {
  return (
    <div className={styles.area}>
      <nav className={styles.menu} aria-label={label}>
        {title && <div className={styles.title}>{title}</div>}
        {groups.map((items, i) => [
          i > 0 && <div key={`divider-${i}`} className={styles.divider} role="separator" />,
          ...items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) => `${styles.item} ${isActive ? styles.item_active : ''}`}
            >
              {item.label}
            </NavLink>
          )),
        ])}
        {note && <div className={styles.note}>{note}</div>}
      </nav>
      <div className={`${styles.content} ${isStacked ? styles.content_stacked : ''}`}>
        <Outlet />
      </div>
    </div>
  );
}
