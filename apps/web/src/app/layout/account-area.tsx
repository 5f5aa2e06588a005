import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Outlet, useLocation } from 'react-router-dom';
import { useIsLoggedIn } from '@/shared/session/session';
import styles from './account-area.module.css';

/**
 * The account area (specification part 1 §2): a left menu and the page. Pages of other areas that
 * belong here (/accountCenter, /transferLog, ...) go in the same route group in routes.tsx. Without a
 * token every page of the area sends the visitor to the login page.
 */
const ITEMS = [
  { to: '/accountCenter', key: 'centre' },
  { to: '/accountSet', key: 'settings' },
  { to: '/accountMessage', key: 'info' },
  { to: '/authentication', key: 'identity' },
  { to: '/bandbank', key: 'bank' },
  { to: '/userSetting', key: 'payment' },
  { to: '/transferLog', key: 'transferLog' },
] as const;

export default function AccountArea() {
  const { t } = useTranslation('auth');
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/components/login" replace state={{ from: location.pathname }} />;
  return (
    <div className={styles.area}>
      <nav className={styles.menu} aria-label={t('menu.title')}>
        {ITEMS.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) => `${styles.item} ${isActive ? styles.item_active : ''}`}
          >
            {t(`menu.${item.key}`)}
          </NavLink>
        ))}
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
