import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WalletName } from '@oryx/contracts/wallet/calls';
import { groupDigits, truncateDecimals } from '@/shared/lib/display-decimal';
import { Table, type Column } from '@/shared/ui/table';
import { buttonClass } from '@/shared/ui/button';
import { useAccountCentre } from './api/get-account-centre';
import { useWalletList } from './api/get-wallet-list';
import { Amount, Coin } from '@/shared/ui/coin';
import { WALLET_PAGE } from './wallets';
import { Card } from '@/shared/ui/page';
import styles from './wallet.module.css';
import { useValuation } from '@/shared/market/valuation';

const CARDS: readonly WalletName[] = ['change', 'legal', 'lever', 'micro', 'deposit'];

type CoinRow = {
  currency_id: number;
  token: string;
  balance: string;
  lock_balance: string;
  usdt_value: string;
};

/** `/finance`: total assets, each account's value, and every coin over all accounts. */
export default function FinancePage() {
  const { t } = useTranslation('wallet');
  const valuation = useValuation();
  const list = useWalletList();
  const centre = useAccountCentre();
  const m = list.data;
  // Coins that can be deposited and withdrawn (a network configured), while the feature is open.
  const fundable = new Set(
    m?.is_open_CTbi === 1 ? m.change_wallet.balance.filter((r) => r.type !== '').map((r) => r.currency) : [],
  );

  const columns: Column<CoinRow>[] = [
    { key: 'coin', title: t('table.coin'), render: (r) => <Coin name={r.token} /> },
    {
      key: 'available',
      title: t('table.available'),
      align: 'right',
      render: (r) => <Amount value={r.balance} />,
    },
    {
      key: 'frozen',
      title: t('table.frozen'),
      align: 'right',
      render: (r) => <Amount value={r.lock_balance} />,
    },
    {
      key: 'value',
      title: t('table.value'),
      align: 'right',
      render: (r) => <Amount value={groupDigits(truncateDecimals(r.usdt_value, 4))} />,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      align: 'right',
      render: (r) => (
        <span className={styles.rowActions}>
          <Link className={styles.link} to={`/transfer?id=${r.currency_id}`}>
            {t('actions.transfer')}
          </Link>
          {fundable.has(r.currency_id) && (
            <>
              <Link className={styles.link} to={`/recharge?currency=${r.currency_id}`}>
                {t('actions.deposit')}
              </Link>
              <Link className={styles.link} to={`/setCash?currency=${r.currency_id}`}>
                {t('actions.withdraw')}
              </Link>
            </>
          )}
          <Link className={styles.link} to={`/coinRecord?currency=${r.currency_id}`}>
            {t('actions.records')}
          </Link>
        </span>
      ),
    },
  ];

  return (
    <>
      <Card phone={860}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title}>{t('overview.title')}</h1>
            <div className={styles.totalLabel}>{t('overview.total')}</div>
            <div className={styles.total} data-testid="total-usdt">
              {m ? groupDigits(truncateDecimals(m.total_usdt, 4)) : '—'}
            </div>
            <div className={styles.cny}>{m ? valuation.total(m.total_usdt, m.total_cny) : ''}</div>
          </div>
          <div className={styles.actions}>
            <Link className={buttonClass({ variant: 'primary' })} to="/transfer">
              {t('actions.transfer')}
            </Link>
            <Link className={buttonClass({ variant: 'secondary' })} to="/balancelog">
              {t('actions.allRecords')}
            </Link>
          </div>
        </div>
        {m && (
          <p className={styles.note}>
            {t('overview.note', { rate: truncateDecimals(m.fiat_convert_cny, 4) })}
            {valuation.note && ` ${valuation.note}.`}
          </p>
        )}
      </Card>
      <Card phone={860}>
        <h2 className={`${styles.sectionTitle} ${styles.spaced}`}>{t('overview.accounts')}</h2>
        <div className={styles.walletGrid}>
          {CARDS.map((w) => {
            const g = m?.[`${w}_wallet`];
            return (
              <Link
                key={w}
                to={WALLET_PAGE[w]}
                className={styles.walletCard}
                data-testid={`wallet-card-${w}`}
              >
                <span className={styles.walletCardName}>{t(`walletName.${w}`)}</span>
                <span className={styles.walletCardValue}>
                  {g ? groupDigits(truncateDecimals(g.usdt_totle, 4)) : '—'}
                </span>
                <span className={styles.walletCardCny}>
                  {g ? valuation.total(g.usdt_totle, g.cny_totle) : ''}
                </span>
              </Link>
            );
          })}
        </div>
      </Card>
      <Card phone={860} flush>
        <div className={styles.toolbar}>
          <h2 className={styles.sectionTitle}>{t('overview.coins')}</h2>
        </div>
        <Table
          aria-label={t('overview.coins')}
          columns={columns}
          rows={centre.data?.list}
          rowKey={(r) => r.currency_id}
          loading={centre.isPending}
          error={centre.error}
          onRetry={() => void centre.refetch()}
          cards
        />
      </Card>
    </>
  );
}
