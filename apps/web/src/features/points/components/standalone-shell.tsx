import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import styles from '@/shared/ui/earn-pages.module.css';

/** The standalone points pages (no header or footer): a slim bar with the way back, login required. */
export function StandaloneShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('points');
  return (
    <RequireSession>
      <div className={styles.standalone}>
        <header className={styles.bar}>
          <Link className={styles.brand} to="/">
            Oryx · {t('standalone.title')}
          </Link>
          <Link className={styles.link} to="/">
            {t('standalone.home')}
          </Link>
        </header>
        <main className={styles.standaloneBody}>{children}</main>
      </div>
    </RequireSession>
  );
}
