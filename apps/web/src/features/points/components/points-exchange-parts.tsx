import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMinor } from '@oryx/contracts/money';
import type { jcExchangeOf } from '@oryx/contracts/points/calls';
import { trimZeros } from '@/shared/lib/display-decimal';
import { Card, PageHeader } from '@/shared/ui/page';
import { Skeleton } from '@/shared/ui/skeleton';
import styles from '@/shared/ui/earn-pages.module.css';
import type { usePointsExchange } from './use-points-exchange';

type JcInfo = ReturnType<typeof usePointsExchange>['d'];

function Stat({ label, value, testId }: { label: string; value: string | undefined; testId?: string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} data-testid={testId}>
        {value ?? <Skeleton width={64} height={22} inline />}
      </span>
    </div>
  );
}

/** The points account: how points are earned, the rebind link, the balances, price and fee. */
export function PointsSummary({ d }: { d: JcInfo }) {
  const { t } = useTranslation('points');
  return (
    <Card>
      <PageHeader
        title={t('title')}
        subtitle={d && t('earnRule', { points: d.points_per_usdt })}
        shrink
        className={styles.head}
        actions={
          <>
            {d && (
              <div className={styles.invite}>
                {d.provider === 'sandbox' && <span className={styles.sandbox}>sandbox</span>}
                <Link className={styles.link} to="/bindInfo">
                  {t('rebind')}
                </Link>
              </div>
            )}
          </>
        }
      />
      {d?.provider === 'sandbox' && (
        <p className={styles.subtitle} style={{ marginTop: 8 }}>
          {t('sandbox')}
        </p>
      )}
      <div className={styles.stats} style={{ marginTop: 16 }}>
        <Stat label={t('points')} value={d && trimZeros(d.jc_integral)} testId="jc-integral" />
        <Stat label={t('free')} value={d && trimZeros(d.free_jc_integral)} testId="jc-free" />
        <Stat label={t('price')} value={d && trimZeros(d.beau_per_jc)} />
        <Stat label={t('jcValue')} value={d && trimZeros(d.jc_price)} />
        <Stat label={t('fee')} value={d && `${d.jc_exchange_fee}%`} />
        <Stat label={t('market')} value={d && trimZeros(d.market_price)} />
      </div>
    </Card>
  );
}

/** What the exchange costs and pays for the amount typed. */
export function ExchangePreview({ quote }: { quote: ReturnType<typeof jcExchangeOf> | null }) {
  const { t } = useTranslation('points');
  return (
    <div className={styles.preview} data-testid="jc-preview">
      <div className={styles.row}>
        <span className={styles.rowLabel}>{t('feeAmount')}</span>
        <span className={styles.mono}>{quote ? `${trimZeros(formatMinor(quote.fee, 8))} BEAU` : '—'}</span>
      </div>
      <div className={styles.row}>
        <span className={styles.rowLabel}>{t('receive')}</span>
        <span className={styles.mono}>
          {quote ? `${trimZeros(formatMinor(quote.receive, 8))} BEAU` : '—'}
        </span>
      </div>
    </div>
  );
}
