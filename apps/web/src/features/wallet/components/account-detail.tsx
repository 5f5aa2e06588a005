import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { TransferWallet } from '@oryx/contracts/wallet/calls';
import { addDecimals, groupDigits, mulDecimals } from '@/shared/lib/display-decimal';
import { Select } from '@/shared/ui/select';
import { buttonClass } from '@/shared/ui/button';
import { useUserCurrencies } from '../api/get-user-currencies';
import { useWalletDetail } from '../api/get-wallet-detail';
import { useWalletLog } from '../api/get-wallet-log';
import { balanceOf, LOG_TYPE, transferPath, WALLET_FLAG } from '../wallets';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from '../wallet.module.css';
import { LogTable } from './log-table';

/**
 * One coin in one account (`?currency_id=`): available, frozen, total and value, a transfer button, and
 * the account's log for that coin.
 */
export function AccountDetail({ wallet }: { wallet: TransferWallet }) {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const currencies = useUserCurrencies();
  const enabled = (currencies.data ?? []).filter((c) => c[WALLET_FLAG[wallet]] === 1);
  const wanted = Number(params.get('currency_id'));
  const coin = enabled.find((c) => c.id === wanted) ?? enabled[0];
  const detail = useWalletDetail(coin?.id, wallet);
  const log = useWalletLog({ type: LOG_TYPE[wallet], currency: coin?.id }, coin !== undefined);
  const d = detail.data;
  const b = balanceOf(d as never, wallet);
  const total = addDecimals(b.available, b.frozen);
  const usdt = d ? mulDecimals(total, d.usdt_price, 4) : '';
  const cny = d ? mulDecimals(usdt, d.ExRate, 2) : '';
  const transfer = coin ? transferPath(wallet, coin.id) : null;

  return (
    <>
      <Card phone={860}>
        <PageHeader
          title={t('account.title', { coin: coin?.name ?? '', wallet: t(`walletName.${wallet}`) })}
          subtitle={d ? t('account.valueLine', { usdt: groupDigits(usdt), cny: groupDigits(cny) }) : ' '}
          actions={
            <div className={styles.actions}>
              <label className={styles.inlineLabel} htmlFor="account-coin">
                {t('account.chooseCoin')}
              </label>
              <Select
                id="account-coin"
                fieldClassName={styles.selectBox}
                value={coin?.id ?? ''}
                onChange={(e) => {
                  const next = new URLSearchParams(params);
                  next.set('currency_id', e.target.value);
                  setParams(next, { replace: true });
                }}
              >
                {enabled.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
              {transfer && (
                <Link className={buttonClass({ variant: 'primary' })} to={transfer}>
                  {t('actions.transfer')}
                </Link>
              )}
            </div>
          }
        />
        <div className={styles.stats}>
          {(
            [
              ['table.available', b.available],
              ['table.frozen', b.frozen],
              ['table.total', total],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className={styles.stat}>
              <div className={styles.statLabel}>{t(label)}</div>
              <div className={styles.statValue} data-testid={`stat-${label.slice(6)}`}>
                {d ? groupDigits(value) : '—'}
              </div>
            </div>
          ))}
        </div>
      </Card>
      <Card phone={860} flush>
        <div className={styles.toolbar}>
          <h2 className={styles.sectionTitle}>{t('account.log')}</h2>
        </div>
        <LogTable query={log} showWallet={false} label={t('account.log')} />
      </Card>
    </>
  );
}
