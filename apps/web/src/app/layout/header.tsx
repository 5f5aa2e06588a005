import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { loginPath } from '@/shared/lib/login-redirect';
import { useIsLoggedIn } from '@/shared/session/session';
import { buttonClass } from '@/shared/ui/button';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { CloseIcon, MenuIcon } from '@/shared/ui/icons';
import { AccountLinks, AccountMenu } from './account-menu';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { NoticeMenu } from './notice-menu';
import { useNavItems } from './nav-items';
import { SupportMenu } from './support-menu';
import { ThemeToggle } from './theme-toggle';
import styles from './layout.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.navLink} ${isActive ? styles.navLink_active : ''}`;

export function Header() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const items = useNavItems();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  const location = useLocation();
  // Logging in from the header comes back to the page it was opened on.
  const login = loginPath(`${location.pathname}${location.search}`);

  return (
    <header className={`${styles.header} ${isLoggedIn ? '' : styles.header_guest}`}>
      <div className={styles.headerInner}>
        <Logo />
        <nav className={styles.nav} aria-label={t('nav.menu')}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navClass}>
              {t(`nav.${item.label}`)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.actions}>
          {/* On a phone a visitor needs Log in and Sign up first: these two go (the drawer has the help centre). */}
          <div className={styles.secondaryActions}>
            <NoticeMenu />
            <SupportMenu />
          </div>
          {isLoggedIn && <NotificationBell />}
          <LanguageMenu />
          <ThemeToggle />
          {isLoggedIn ? (
            <AccountMenu />
          ) : (
            <div className={styles.authButtons}>
              <Link
                to={login}
                className={`${buttonClass({ variant: 'ghost', size: 'sm' })} ${styles.authButton}`}
              >
                {t('account.login')}
              </Link>
              <Link
                to="/components/register"
                className={`${buttonClass({ size: 'sm' })} ${styles.authButton}`}
              >
                {t('account.register')}
              </Link>
            </div>
          )}
          <button
            type="button"
            className={styles.burger}
            aria-label={drawerOpen ? t('nav.closeMenu') : t('nav.menu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen((o) => !o)}
          >
            {drawerOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
      </div>
      {drawerOpen && (
        <div className={styles.drawer} data-testid="nav-drawer">
          <nav className={styles.drawerNav} aria-label={t('nav.menu')}>
            {items.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={navClass}
                onClick={closeDrawer}
              >
                {t(`nav.${item.label}`)}
              </NavLink>
            ))}
          </nav>
          <div className={styles.drawerSection}>
            {isLoggedIn ? (
              <AccountLinks onNavigate={closeDrawer} />
            ) : (
              <div className={styles.drawerAuth}>
                <Link
                  to={login}
                  className={buttonClass({ variant: 'secondary', block: true })}
                  onClick={closeDrawer}
                >
                  {t('account.login')}
                </Link>
                <Link
                  to="/components/register"
                  className={buttonClass({ block: true })}
                  onClick={closeDrawer}
                >
                  {t('account.register')}
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
