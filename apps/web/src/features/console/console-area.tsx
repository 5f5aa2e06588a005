import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@/shared/api/errors';
import { loginPath } from '@/shared/lib/login-redirect';
import { TIME_ZONE_LABEL } from '@/shared/lib/time';
import { useIsLoggedIn } from '@/shared/session/session';
import { useLogout } from '@/shared/session/logout';
import { Button, buttonClass } from '@/shared/ui/button';
import { SideMenuLayout } from '@/shared/ui/side-menu-layout';
import { PageSpinner } from '@/shared/ui/spinner';
import { useConsoleMe } from './api/get-me';
import { ConsoleRoleContext } from './role';
import styles from './console.module.css';

/** The console's menu: every entry is a page of this area (routes.tsx, /console/*). */
export const CONSOLE_MENU = [
  [
    { to: '/console', key: 'dashboard' },
    { to: '/console/audit', key: 'audit' },
  ],
  [
    { to: '/console/users', key: 'users' },
    { to: '/console/kyc', key: 'kyc' },
  ],
  [
    { to: '/console/withdrawals', key: 'withdrawals' },
    { to: '/console/payouts', key: 'payouts' },
    { to: '/console/claims', key: 'claims' },
    { to: '/console/approvals', key: 'approvals' },
    { to: '/console/reconciliation', key: 'reconciliation' },
  ],
  [
    { to: '/console/appeals', key: 'appeals' },
    { to: '/console/acceptors', key: 'acceptors' },
  ],
  [
    { to: '/console/markets', key: 'markets' },
    { to: '/console/seconds', key: 'seconds' },
    { to: '/console/leverage', key: 'leverage' },
    { to: '/console/coins', key: 'coins' },
    { to: '/console/earning', key: 'earning' },
  ],
  [
    { to: '/console/news', key: 'news' },
    { to: '/console/outbox', key: 'outbox' },
  ],
] as const;

/**
 * The console's guard and menu. Without a session: the sign-in panel (the exchange's login page, coming
 * back here). A session without a staff role: told so, with a way to sign in as someone else. The server
 * checks the role on every call; the menu only reflects it.
 */
export default function ConsoleArea() {
  const { t } = useTranslation('console');
  const { t: tc } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const me = useConsoleMe(isLoggedIn);
  const logout = useLogout();

  if (!isLoggedIn) {
    return (
      <Gate title={t('gate.title')} text={t('gate.signIn')}>
        <Link className={buttonClass({ variant: 'primary' })} to={loginPath('/console')}>
          {t('gate.signInButton')}
        </Link>
      </Gate>
    );
  }
  if (me.isPending) return <PageSpinner />;
  if (me.isError) {
    const forbidden = me.error instanceof ApiError && me.error.code === 'FORBIDDEN';
    return (
      <Gate title={t('gate.title')} text={forbidden ? t('gate.noRole') : t('gate.failed')}>
        {forbidden ? (
          <Button variant="secondary" loading={logout.isPending} onClick={() => logout.mutate()}>
            {t('gate.switch')}
          </Button>
        ) : (
          <Button onClick={() => void me.refetch()}>{t('gate.retry')}</Button>
        )}
      </Gate>
    );
  }
  return (
    <ConsoleRoleContext.Provider value={me.data}>
      <SideMenuLayout
        label={t('layout.menu')}
        title={t(`role.${me.data.role}`)}
        groups={CONSOLE_MENU.map((group) =>
          group
            // The outbox shows live codes: demo mode only, the administrator only (the server agrees).
            .filter((i) => i.key !== 'outbox' || (me.data.has_outbox && me.data.may.manage))
            .map((i) => ({ to: i.to, label: t(`menu.${i.key}`), end: i.to === '/console' })),
        )}
        isStacked
        note={tc('timeZoneNote', { zone: TIME_ZONE_LABEL })}
      />
    </ConsoleRoleContext.Provider>
  );
}

function Gate({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className={styles.gate}>
      <section className={styles.gateCard} data-testid="console-gate">
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.muted}>{text}</p>
        {children}
      </section>
    </div>
  );
}
