import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUserInfo } from '@/shared/session/get-user-info';
import { buttonClass } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { useUserCenter } from './api/get-user-center';
import { useSecurityOverview } from './api/get-security-overview';
import { securityLevel, securityScore } from './security';
import { Card } from '@/shared/ui/page';
import styles from './account.module.css';

interface Item {
  key: string;
  title: string;
  status: ReactNode;
  done: boolean;
  action?: { to: string; label: string };
  extra?: { to: string; label: string };
}

/** /accountSet: the security bar and every security setting with its state and where to change it. */
export default function AccountSetPage() {
  const { t } = useTranslation('auth');
  const info = useUserInfo();
  const center = useUserCenter();
  const { t: ts } = useTranslation('security');
  const security = useSecurityOverview();
  // The bar counts two-factor, so it waits for the overview rather than show a score it may take back.
  if (!info.data || !center.data || !security.data) return <PageSpinner />;
  const u = info.data;
  const c = center.data;
  const score = securityScore({ ...u, two_factor: security.data.two_factor });
  const level = securityLevel(score);
  const review = (['none', 'auditing', 'certified'] as const)[u.review_status] ?? 'none';

  const items: Item[] = [
    {
      key: 'password',
      title: t('set.loginPassword'),
      status: t('set.loginPasswordText'),
      done: true,
      action: { to: '/resetPwd', label: t('set.change') },
      extra: { to: '/forgetPwd?fromSet=1', label: t('set.forgot') },
    },
    {
      key: 'security',
      title: ts('twoFactor.title'),
      status: `${security.data?.two_factor ? ts('twoFactor.on') : ts('twoFactor.off')} · ${ts('setItem')}`,
      done: security.data?.two_factor === true,
      action: { to: '/security', label: ts('manage') },
    },
    {
      key: 'trade',
      title: t('set.tradePassword'),
      status: c.has_trade_password ? t('set.isSet') : t('set.notSet'),
      done: c.has_trade_password === 1,
      action: { to: '/bindmpwd', label: c.has_trade_password ? t('set.change') : t('set.setNow') },
    },
    {
      key: 'phone',
      title: t('set.phone'),
      status: u.phone ? `+${u.area_code} ${maskPhone(u.phone)}` : t('set.notBound'),
      done: !!u.phone,
    },
    {
      key: 'email',
      title: t('set.email'),
      status: u.email ? maskEmail(u.email) : t('set.notBound'),
      done: !!u.email,
      action: { to: '/bindEmail', label: u.email ? t('set.change') : t('set.bindNow') },
    },
    {
      key: 'identity',
      title: t('set.identity'),
      status: t(`set.review_${review}`),
      done: u.review_status === 2,
      action: u.review_status === 2 ? undefined : { to: '/authentication', label: t('set.verifyNow') },
    },
    {
      key: 'bank',
      title: t('set.bank'),
      status: c.has_bank ? t('set.bound') : t('set.notBound'),
      done: c.has_bank === 1,
      action: { to: '/bandbank', label: c.has_bank ? t('set.change') : t('set.bindNow') },
    },
    {
      key: 'payment',
      title: t('set.payment'),
      status: c.has_payment ? t('set.paymentText') : t('set.notSet'),
      done: c.has_payment === 1,
      action: { to: '/userSetting', label: t('set.manage') },
    },
    {
      key: 'nickname',
      title: t('nickname.title'),
      status: c.nickname,
      done: true,
      action: { to: '/accountMessage', label: t('set.change') },
    },
  ];

  return (
    <div className={styles.page}>
      <Card phone={720}>
        <div className={styles.profile}>
          <span className={styles.avatar} aria-hidden="true">
            {(u.account_number[0] ?? '?').toUpperCase()}
          </span>
          <div className={styles.profileText}>
            <h1 className={styles.pageTitle}>{u.account_number}</h1>
            <p className={styles.muted}>
              UID {u.id} · {t('set.inviteCode')} {u.extension_code}
            </p>
          </div>
        </div>
        <div className={styles.security}>
          <div className={styles.securityHead}>
            <span>{t('set.securityLevel')}</span>
            <strong className={styles[`level_${level}`]} data-testid="security-label">
              {t(`set.level_${level}`)} · {score}%
            </strong>
          </div>
          <div
            className={styles.bar}
            role="progressbar"
            aria-label={t('set.securityLevel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={score}
            data-testid="security-bar"
          >
            <span className={`${styles.barFill} ${styles[`fill_${level}`]}`} style={{ width: `${score}%` }} />
          </div>
          <p className={styles.muted}>{t('set.securityHint')}</p>
        </div>
      </Card>
      <Card phone={720}>
        <h2 className={styles.sectionTitle}>{t('set.title')}</h2>
        <ul className={styles.rows}>
          {items.map((item) => (
            <li key={item.key} className={styles.row} data-testid={`setting-${item.key}`}>
              <span className={`${styles.dot} ${item.done ? styles.dot_done : ''}`} aria-hidden="true" />
              <div className={styles.rowText}>
                <span className={styles.rowTitle}>{item.title}</span>
                <span className={styles.muted}>{item.status}</span>
              </div>
              {(item.extra || item.action) && (
                <div className={styles.rowActions}>
                  {item.extra && (
                    <Link to={item.extra.to} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
                      {item.extra.label}
                    </Link>
                  )}
                  {item.action && (
                    <Link to={item.action.to} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                      {item.action.label}
                    </Link>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

const maskPhone = (p: string) => (p.length > 4 ? `${p.slice(0, 2)}****${p.slice(-3)}` : p);
const maskEmail = (e: string) => {
  const [name = '', domain = ''] = e.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};
