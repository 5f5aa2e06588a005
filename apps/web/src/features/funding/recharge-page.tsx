import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trimZeros } from '@/shared/lib/display-decimal';
import { Tabs } from '@/shared/ui/tabs';
import { Skeleton } from '@/shared/ui/skeleton';
import { useCoinInfo } from './api/get-coin-info';
import { useDepositAddress } from './api/get-deposit-address';
import { CoinSelect } from './components/coin-select';
import { CopyButton } from './components/copy-button';
import { DepositClaimForm } from './components/deposit-claim-form';
import { FaucetForm } from './components/faucet-form';
import { useFundingCoins } from './components/funding-coins';
import { FundingGate } from './components/funding-gate';
import { QrCode } from './components/qr-code';
import { DepositRecords } from './components/records';
import { SandboxBadge } from './components/sandbox-badge';
import { ThirdPartyEntry, hasThirdParty } from './components/third-party-entry';
import { useRupiahOpen } from './api/get-rupiah-open';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './funding.module.css';

/** `/recharge?currency=`: the deposit address per network with QR code and copy, the memo, the faucet. */
export default function RechargePage() {
  const { t } = useTranslation('cash');
  return (
    <FundingGate title={t('deposit.title')}>
      <Recharge />
    </FundingGate>
  );
}

function Recharge() {
  const { t } = useTranslation('cash');
  const { coins, coin, pick } = useFundingCoins();
  const info = useCoinInfo(coin?.currency);
  const networks = info.data?.type_data ?? [];
  const [picked, setPicked] = useState<string>('');
  const network = networks.find((n) => n.type === picked) ?? networks[0];
  const thirdPartyOnly = info.data?.is_show === 2;
  const rupiah = useRupiahOpen(coin?.currency, hasThirdParty(info.data?.is_show));
  const addresses = useDepositAddress(
    info.data?.deposit_open === 1 && !thirdPartyOnly ? coin?.currency : undefined,
    networks[0]?.type ?? '',
  );
  const shown = addresses.data?.find((a) => a.type === network?.type) ?? addresses.data?.[0];
  const isMemo = info.data?.make_wallet === 2;

  return (
    <div className={styles.stack}>
      <Card phone={860}>
        <PageHeader
          title={t('deposit.title')}
          subtitle={!thirdPartyOnly && t('deposit.subtitle')}
          actions={
            <span className={styles.links}>
              <Link className={styles.link} to={`/setCash?currency=${coin?.currency ?? ''}`}>
                {t('nav.withdraw')}
              </Link>
              <Link className={styles.link} to={`/coinRecord?view=deposit&currency=${coin?.currency ?? ''}`}>
                {t('nav.records')}
              </Link>
              {coin && rupiah.open && (
                <Link className={styles.link} to={`/rupiahRecharge?currency=${coin.currency}`}>
                  {t('nav.rupiahDeposit')}
                </Link>
              )}
            </span>
          }
        />
      </Card>
      {coin && info.data && thirdPartyOnly ? (
        <ThirdPartyEntry
          coins={coins}
          currency={coin.currency}
          onPick={pick}
          text={t('deposit.thirdPartyOnly', { coin: info.data.name })}
          to={`/rupiahRecharge?currency=${coin.currency}`}
          action={t('nav.rupiahDeposit')}
          rupiah={rupiah}
        />
      ) : (
        <Card phone={860} className={styles.form}>
          <CoinSelect id="deposit-coin" coins={coins} value={coin?.currency} onPick={pick} />
          {networks.length > 1 && (
            <div className={styles.field}>
              <span className={styles.fieldLabel}>{t('field.network')}</span>
              <Tabs
                variant="pill"
                aria-label={t('field.network')}
                items={networks.map((n) => ({ key: n.type, label: n.name }))}
                value={network?.type ?? ''}
                onChange={setPicked}
              />
            </div>
          )}
          {network?.chain === 'sandbox' && (
            <p className={styles.sandboxNote}>
              <SandboxBadge /> {t('sandbox.hint')}
            </p>
          )}
          {info.data?.deposit_open === 0 ? (
            <p className={styles.warning}>{t('deposit.closedCoin')}</p>
          ) : addresses.error || info.error ? (
            <p className={styles.warning}>{t('loadFailed')}</p>
          ) : !shown || !info.data ? (
            <Skeleton height={300} />
          ) : (
            <div className={styles.addressBox}>
              <QrCode text={shown.address} label={t('deposit.qr', { coin: info.data.name })} />
              <div className={styles.addressText}>
                <span className={styles.fieldLabel}>
                  {t('deposit.address', { network: network?.name ?? '' })}
                </span>
                <code className={styles.mono} data-testid="deposit-address">
                  {shown.address}
                </code>
                <CopyButton text={shown.address} />
                {isMemo && (
                  <>
                    <span className={styles.fieldLabel}>{t('field.memo')}</span>
                    <code className={styles.mono} data-testid="deposit-memo">
                      {shown.memo}
                    </code>
                    <CopyButton text={shown.memo} label={t('copy.memo')} />
                    <p className={styles.warning}>{t('deposit.memoWarning')}</p>
                  </>
                )}
              </div>
            </div>
          )}
          {info.data && network && (
            <ul className={styles.notes}>
              <li>{t('deposit.onlyCoin', { coin: info.data.name, network: network.name })}</li>
              <li>
                {t('deposit.minimum', { amount: trimZeros(info.data.min_deposit), coin: info.data.name })}
              </li>
              <li>{t('deposit.confirmations', { count: network.confirmations })}</li>
            </ul>
          )}
        </Card>
      )}
      {coin && !thirdPartyOnly && network?.chain === 'sandbox' && (
        <FaucetForm currency={coin.currency} type={network.type} coinName={coin.currency_name} />
      )}
      {coin && <DepositRecords currency={coin.currency} compact />}
      {coin && info.data && !thirdPartyOnly && (
        <DepositClaimForm currency={coin.currency} coinName={coin.currency_name} />
      )}
    </div>
  );
}
