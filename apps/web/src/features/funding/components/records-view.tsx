import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Select } from '@/shared/ui/select';
import { useWalletList } from '../api/get-wallet-list';
import { DepositRecords, WithdrawRecords } from './records';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from '../funding.module.css';

/** The deposit or withdrawal records of `/coinRecord?view=deposit|withdraw&currency=`, by coin. */
export function FundingRecordsView({ view }: { view: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation('cash');
  const list = useWalletList();
  const [params, setParams] = useSearchParams();
  const currency = Number(params.get('currency')) || undefined;
  const coins = (list.data?.change_wallet.balance ?? []).filter((r) => r.type !== '');
  const pick = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('currency', value);
    else next.delete('currency');
    setParams(next, { replace: true });
  };
  return (
    <>
      <Card phone={860}>
        <PageHeader
          title={t(view === 'deposit' ? 'records.deposits' : 'records.withdrawals')}
          subtitle={t('records.subtitle')}
        />
        <div className={styles.filterRow}>
          <Select
            fieldClassName={styles.selectBox}
            aria-label={t('field.coin')}
            value={currency ?? ''}
            onChange={(e) => pick(e.target.value)}
          >
            <option value="">{t('records.allCoins')}</option>
            {coins.map((c) => (
              <option key={c.currency} value={c.currency}>
                {c.currency_name}
              </option>
            ))}
          </Select>
        </div>
      </Card>
      {view === 'deposit' ? <DepositRecords currency={currency} /> : <WithdrawRecords currency={currency} />}
    </>
  );
}
