import { useTranslation } from 'react-i18next';
import type { AcceptorInfo } from '@oryx/contracts/acceptor/calls';
import type { z } from 'zod';
import styles from '../acceptor.module.css';

/** The acceptor's payment details, one block per way it takes. */
export function PayDetails({ a }: { a: z.infer<typeof AcceptorInfo> }) {
  const { t } = useTranslation('acceptor');
  const blocks = [
    { way: 'we_chat', name: a.wechat_nickname, account: a.wechat_account },
    { way: 'ali_pay', name: a.ali_nickname, account: a.ali_account },
    { way: 'bank', name: a.bank_name, account: a.bank_account, address: a.bank_address },
  ].filter((b) => b.account !== '');
  return (
    <div className={styles.grid}>
      {blocks.map((b) => (
        <dl key={b.way} className={styles.pay}>
          <span className={styles.badge}>{t(`way.${b.way as 'bank'}`)}</span>
          {b.name && (
            <div>
              <dt>{t(b.way === 'bank' ? 'form.bankName' : 'form.nickname')}</dt>
              <dd>{b.name}</dd>
            </div>
          )}
          <div>
            <dt>{t('form.account')}</dt>
            <dd>{b.account}</dd>
          </div>
          {b.address && (
            <div>
              <dt>{t('form.bankAddress')}</dt>
              <dd>{b.address}</dd>
            </div>
          )}
        </dl>
      ))}
    </div>
  );
}
