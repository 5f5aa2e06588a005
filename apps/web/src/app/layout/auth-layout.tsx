import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ShieldIcon, LayersIcon, BoltIcon } from '@/shared/ui/icons';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import styles from './auth-layout.module.css';

/**
 * The standalone pages (login, register, forgot and reset password, points login): no shell, a slim bar
 * with the logo, language and theme, a brand panel and the form card.
 */
export default function AuthLayout() {
  const { t } = useTranslation('auth');
  const points = [
    { icon: <ShieldIcon size={20} />, text: t('layout.point1') },
    { icon: <LayersIcon size={20} />, text: t('layout.point2') },
    { icon: <BoltIcon size={20} />, text: t('layout.point3') },
  ];
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Logo />
        <div className={styles.barActions}>
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </header>
      <main className={styles.main}>
        <aside className={styles.brand} aria-hidden="true">
          <h2 className={styles.brandTitle}>{t('layout.title')}</h2>
          <p className={styles.brandText}>{t('layout.text')}</p>
          <ul className={styles.points}>
            {points.map((p) => (
              <li key={p.text}>
                <span className={styles.pointIcon}>{p.icon}</span>
                {p.text}
              </li>
            ))}
          </ul>
        </aside>
        <section className={styles.card}>
          <Outlet />
        </section>
      </main>
      <ScrollRestoration />
    </div>
  );
}
