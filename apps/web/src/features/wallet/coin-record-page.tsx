import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { WalletName } from '@oryx/contracts/wallet/calls';
import { Select } from '@/shared/ui/select';
import { Tabs } from '@/shared/ui/tabs';
import { useUserCurrencies } from './api/get-user-currencies';
import { useWalletLog } from './api/get-wallet-log';
import { LogTable } from './components/log-table';
import { LOG_TYPE } from './wallets';
import { Card, Page, PageHeader } from '@/shared/ui/page';
import styles from './wallet.module.css';

const TABS: readonly ('all' | WalletName)[] = ['all', 'change', 'legal', 'lever', 'micro', 'deposit'];

/** `/coinRecord?currency=&wallet=` (account area): balance movements by coin and account. */
export default function CoinRecordPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const currencies = useUserCurrencies();
  const currency = Number(params.get('currency')) || undefined;
  const tab = (TABS as readonly string[]).includes(params.get('wallet') ?? '')
    ? (params.get('wallet') as 'all')
    : 'all';
  const log = useWalletLog({ type: tab === 'all' ? undefined : LOG_TYPE[tab], currency });
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return (
    <Page>
      <Card phone={860}>
        <PageHeader title={t('coinRecord.title')} subtitle={t('coinRecord.subtitle')} />
      </Card>
      <Card phone={860} flush>
        <div className={styles.filters}>
          <Select
            fieldClassName={styles.selectBox}
            aria-label={t('table.coin')}
            value={currency ?? ''}
            onChange={(e) => set('currency', e.target.value || undefined)}
          >
            <option value="">{t('log.allCoins')}</option>
            {(currencies.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className={styles.filters}>
          <Tabs
            aria-label={t('table.account')}
            items={TABS.map((k) => ({
              key: k,
              label: k === 'all' ? t('log.allWallets') : t(`walletName.${k}`),
            }))}
            value={tab}
            onChange={(k) => set('wallet', k === 'all' ? undefined : k)}
          />
        </div>
        <LogTable query={log} showWallet={tab === 'all'} label={t('coinRecord.title')} />
      </Card>
    </Page>
  );
}
