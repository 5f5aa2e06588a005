import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Outlet, useLocation } from 'react-router-dom';
import { useIsLoggedIn } from '@/shared/session/session';
import styles from './wallet.module.css';

/**
 * The asset shell (`/new_account`, specification part 2 §2): a left menu of the accounts and the
 * transfer pages, and the page. Every page of the group needs a session.
 */
const ACCOUNTS = [
  { to: '/finance', label: 'area.overview' },
  { to: '/dealFinance', label: 'walletName.change' },
  { to: '/lever', label: 'walletName.lever' },
  { to: '/legal', label: 'walletName.legal' },
  { to: '/micro', label: 'walletName.micro' },
] as const;
const TOOLS = [
  { to: '/transfer', label: 'area.transfer' },
  { to: '/transferRecord', label: 'area.transferRecord' },
  { to: '/balancelog', label: 'area.balanceLog' },
] as const;

export default function AssetArea() {
  const { t } = useTranslation('wallet');
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/components/login" replace state={{ from: location.pathname }} />;
  const link = (item: { to: string; label: (typeof ACCOUNTS | typeof TOOLS)[number]['label'] }) => (
    <NavLink
      key={item.to}
      to={item.to}
      className={({ isActive }) => `${styles.navItem} ${isActive ? styles.navItem_active : ''}`}
    >
      {t(item.label)}
    </NavLink>
  );
  return (
    <div className={styles.area}>
      <nav className={styles.nav} aria-label={t('area.nav')}>
        <div className={styles.navTitle}>{t('area.title')}</div>
        {ACCOUNTS.map(link)}
        <div className={styles.navDivider} role="separator" />
        {TOOLS.map(link)}
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
