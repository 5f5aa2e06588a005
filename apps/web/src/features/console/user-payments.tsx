import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { useUserPayments } from './api/users';
import { formatTime } from './format';
import styles from './console.module.css';

/**
 * A user's payment details (bound bank account, collection accounts): hidden until the operator asks,
 * because each read of them is written to the audit log.
 */
export function UserPaymentsCard({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const [isShown, setShown] = useState(false);
  const payments = useUserPayments(id, isShown);
  const bank = payments.data?.bank;
  const cash = payments.data?.cash;
  return (
    <section className={styles.card} data-testid="console-user-payments">
      <h2 className={styles.sectionTitle}>{t('user.payments.title')}</h2>
      {!isShown ? (
        <>
          <p className={styles.muted}>{t('user.payments.audited')}</p>
          <Button variant="secondary" onClick={() => setShown(true)}>
            {t('user.payments.show')}
          </Button>
        </>
      ) : payments.isError ? (
        <p className={styles.muted}>{payments.error.message}</p>
      ) : !payments.data ? (
        <p className={styles.muted}>…</p>
      ) : !bank && !cash ? (
        <p className={styles.muted}>{t('user.payments.none')}</p>
      ) : (
        <div className={styles.grid}>
          {bank && (
            <>
              <Fact label={t('user.payments.receiveName')} value={bank.receive_name} />
              <Fact
                label={t('user.payments.bankAccount')}
                value={`${bank.bank_name} ${bank.receive_account}`}
              />
              <Fact label={t('user.payments.updated')} value={formatTime(bank.updated_at)} />
            </>
          )}
          {cash && (
            <>
              <Fact label={t('user.realName')} value={cash.real_name || '–'} />
              <Fact
                label={t('user.payments.c2cBank')}
                value={cash.bank_account ? `${cash.bank_name} ${cash.bank_account}` : '–'}
              />
              <Fact
                label={t('user.payments.alipay')}
                value={cash.alipay_account || '–'}
                link={cash.alipay_collect}
              />
              <Fact
                label={t('user.payments.wechat')}
                value={[cash.wechat_nickname, cash.wechat_account].filter(Boolean).join(' ') || '–'}
                link={cash.wechat_collect}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}

function Fact({ label, value, link }: { label: string; value: string; link?: string }) {
  const { t } = useTranslation('console');
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.mono}>{value}</span>
      {link && (
        <a href={link} target="_blank" rel="noreferrer">
          {t('user.payments.qr')}
        </a>
      )}
    </div>
  );
}
