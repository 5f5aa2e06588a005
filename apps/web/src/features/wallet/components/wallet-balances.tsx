import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WalletBalanceRow, WalletName } from '@oryx/contracts/wallet/calls';
import {
  addDecimals,
  groupDigits,
  isZeroDecimal,
  mulDecimals,
  truncateDecimals,
} from '@/shared/lib/display-decimal';
import { Table, type Column } from '@/shared/ui/table';
import { useWalletList } from '../api/get-wallet-list';
import { accountPath, balanceOf, transferPath } from '../wallets';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from '../wallet.module.css';
import { Amount, Coin } from '@/shared/ui/coin';
import { useValuation } from '@/shared/market/valuation';

/** One wallet's page: its value and a table of its coins (available, frozen, value, actions). */
export function WalletBalances({ wallet }: { wallet: WalletName }) {
  const { t } = useTranslation('wallet');
  const valuation = useValuation();
  const list = useWalletList();
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const group = list.data?.[`${wallet}_wallet`];

  const rows = useMemo(() => {
    const q = search.trim().toUpperCase();
    return (group?.balance ?? []).filter((r) => {
      if (q && !r.currency_name.toUpperCase().includes(q)) return false;
      if (!hideZero) return true;
      const b = balanceOf(r, wallet);
      return !isZeroDecimal(b.available) || !isZeroDecimal(b.frozen);
    });
  }, [group, search, hideZero, wallet]);

  const columns: Column<WalletBalanceRow>[] = [
    { key: 'coin', title: t('table.coin'), render: (r) => <Coin name={r.currency_name} /> },
    {
      key: 'available',
      title: t('table.available'),
      align: 'right',
      render: (r) => <Amount value={balanceOf(r, wallet).available} />,
    },
    {
      key: 'frozen',
      title: t('table.frozen'),
      align: 'right',
      render: (r) => <Amount value={balanceOf(r, wallet).frozen} />,
    },
    {
      key: 'value',
      title: t('table.value'),
      align: 'right',
      render: (r) => {
        const b = balanceOf(r, wallet);
        return (
          <Amount value={groupDigits(mulDecimals(addDecimals(b.available, b.frozen), r.usdt_price, 4))} />
        );
      },
    },
    {
      key: 'actions',
      title: t('table.actions'),
      align: 'right',
      render: (r) => {
        const transfer = transferPath(wallet, r.currency);
        return (
          <span className={styles.rowActions}>
            {transfer && (
              <Link className={styles.link} to={transfer}>
                {t('actions.transfer')}
              </Link>
            )}
            <Link className={styles.link} to={accountPath(wallet, r.currency)}>
              {t('actions.details')}
            </Link>
            {wallet === 'change' && list.data?.is_open_CTbi === 1 && r.type !== '' && (
              <>
                <Link className={styles.link} to={`/recharge?currency=${r.currency}`}>
                  {t('actions.deposit')}
                </Link>
                <Link className={styles.link} to={`/setCash?currency=${r.currency}`}>
                  {t('actions.withdraw')}
                </Link>
              </>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <>
      <Card phone={860}>
        <PageHeader
          title={t(`walletName.${wallet}`)}
          subtitle={t(`wallet.subtitle.${wallet}`)}
          actions={
            <div>
              <div className={styles.totalLabel}>{t('wallet.totalValue')}</div>
              <div className={`${styles.total} ${styles.totalSmall}`} data-testid="wallet-total">
                {group ? groupDigits(truncateDecimals(group.usdt_totle, 4)) : '—'}
              </div>
              <div className={styles.cny}>
                {group ? valuation.total(group.usdt_totle, group.cny_totle) : ''}
              </div>
            </div>
          }
        />
      </Card>
      <Card phone={860} flush>
        <div className={styles.toolbar}>
          <input
            type="search"
            className={styles.search}
            placeholder={t('actions.search')}
            aria-label={t('actions.search')}
            value={search}
            maxLength={20}
            onChange={(e) => setSearch(e.target.value)}
          />
          <label className={styles.check}>
            <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} />
            {t('actions.hideZero')}
          </label>
        </div>
        <Table
          aria-label={t(`walletName.${wallet}`)}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.currency}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          cards
        />
      </Card>
    </>
  );
}
