import { useTranslation } from 'react-i18next';
import { Link, Outlet, ScrollRestoration } from 'react-router-dom';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { useIsLoggedIn } from '@/shared/session/session';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import styles from './console-layout.module.css';

/**
 * The operator console's frame (/console/*): a slim bar with the logo, the console's name, a link back to
 * the exchange, the notification bell (operators are told there of work waiting on them), language and
 * theme; the console area (features/console) draws its menu and pages.
 */
export default function ConsoleLayout() {
  const { t } = useTranslation('console');
  const isLoggedIn = useIsLoggedIn();
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <div className={styles.brand}>
          <Logo />
          <span className={styles.badge}>{t('layout.name')}</span>
        </div>
        <div className={styles.actions}>
          <Link className={styles.back} to="/">
            {t('layout.exchange')}
          </Link>
          {isLoggedIn && <NotificationBell />}
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
