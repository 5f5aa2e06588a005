import { useTranslation } from 'react-i18next';
import styles from '../c2c.module.css';

interface Cash {
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_account: string;
  alipay_collect?: string;
  wechat_collect?: string;
}

/** One party's payment details; the deal's pay way marked, with its payment QR code when there is one. */
export function CashCard({
  title,
  cash,
  way,
  testId,
}: {
  title: string;
  cash: Cash;
  way: string;
  testId?: string;
}) {
  const { t } = useTranslation('c2c');
  const rows: [string, string, boolean][] = [
    [t('cash.realName'), cash.real_name, false],
    [t('cash.bank'), [cash.bank_name, cash.bank_account].filter(Boolean).join(' · '), way === 'bank'],
    [t('way.ali_pay'), cash.alipay_account, way === 'ali_pay'],
    [t('way.we_chat'), cash.wechat_account, way === 'we_chat'],
  ];
  const qr = way === 'ali_pay' ? cash.alipay_collect : way === 'we_chat' ? cash.wechat_collect : '';
  return (
    <section className={styles.card} data-testid={testId}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <dl className={styles.facts}>
        {rows.map(([k, v, main]) => (
          <div key={k} className={main ? styles.factMain : undefined}>
            <dt>{k}</dt>
            <dd>{v || '—'}</dd>
          </div>
        ))}
      </dl>
      {qr && (
        <figure className={styles.qr} data-testid={testId && `${testId}-qr`}>
          <img src={qr} alt={t('cash.qr')} width={160} height={160} />
          <figcaption className={styles.muted}>{t('cash.qr')}</figcaption>
        </figure>
      )}
    </section>
  );
}
