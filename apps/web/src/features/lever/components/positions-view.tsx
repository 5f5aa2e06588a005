import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeverOrderRow } from '@oryx/contracts/lever/calls';
import {
  addDecimals,
  changeSign,
  compareDecimal,
  formatDecimal,
  isZeroDecimal,
} from '@/shared/lib/display-decimal';
import { useQuotation } from '@/shared/market/quotation';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { Button } from '@/shared/ui/button';
import { pagedTable } from '@/shared/ui/paged-table';
import { Skeleton } from '@/shared/ui/skeleton';
import { usePositions } from '../api/get-positions';
import { useLeverPushes } from '../api/lever-pushes';
import styles from '../lever.module.css';
import { LeverNav } from './lever-nav';
import { useOrderActions } from './order-actions';
import { OrderTable } from './order-table';
import { StopDialog } from './stop-dialog';

/**
 * Open positions with the risk rate of the quote currency (screen 11): take-profit / stop-loss, close,
 * and batch close of all, the longs or the shorts. `currencyId` 0 lists every market of the quote.
 * `legalId` 0 (no query) means the quote of the market the deal page chose last, else of the first
 * lever market: the server's dealall always needs the quote currency.
 */
export function PositionsView({
  legalId,
  currencyId,
  title,
}: {
  legalId: number;
  currencyId: number;
  title: string;
}) {
  const { t } = useTranslation('lever');
  const quotation = useQuotation();
  const firstLeverLegal =
    (quotation.data ?? []).flatMap((g) => g.quotation).find((q) => q.open_lever === 1 && q.is_display === 1)
      ?.legal_id ?? 0;
  const legal = legalId || Number(storage.get(STORAGE_KEYS.legalId)) || firstLeverLegal;
  const positions = usePositions(legal, legal === legalId ? currencyId : 0);
  const actions = useOrderActions();
  useLeverPushes();
  const [stopRow, setStopRow] = useState<LeverOrderRow | null>(null);
  const first = positions.data?.pages[0];
  const paging = { ...pagedTable(positions, (p) => p.order.data), loading: positions.isLoading };
  const hazard = first?.hazard_rate ?? '0';
  // At or under the liquidation level the positions close; within 20 points of it the rate turns red.
  const danger =
    first !== undefined &&
    !isZeroDecimal(hazard) &&
    compareDecimal(hazard, addDecimals(first.liquidation_rate, '20', 2)) <= 0;
  const signed = (v: string | undefined) => {
    if (v === undefined) return <Skeleton width={64} inline />;
    const s = changeSign(v);
    return <span className={`num ${s > 0 ? 'up' : s < 0 ? 'down' : ''}`}>{formatDecimal(v, 4)}</span>;
  };
  const hasRows = (paging.rows?.length ?? 0) > 0;
  return (
    <div className={styles.page} data-testid="lever-positions">
      <LeverNav />
      <section className={styles.card}>
        <h1 className={styles.pageTitle}>{title}</h1>
        <dl className={styles.riskBar}>
          <div>
            <dt>{t('ui.risk.rate')}</dt>
            <dd className={`num ${danger ? 'down' : ''}`} data-testid="lever-hazard">
              {first === undefined ? (
                <Skeleton width={64} inline />
              ) : isZeroDecimal(hazard) ? (
                '--'
              ) : (
                `${formatDecimal(hazard, 2)}%`
              )}
            </dd>
          </div>
          <div>
            <dt>{t('ui.risk.liquidation')}</dt>
            <dd className="num">{first ? `${formatDecimal(first.liquidation_rate, 2)}%` : '--'}</dd>
          </div>
          <div>
            <dt>{t('ui.risk.profitsTotal')}</dt>
            <dd data-testid="lever-profits-total">{signed(first?.profits_total)}</dd>
          </div>
          <div>
            <dt>{t('ui.risk.profits')}</dt>
            <dd>{signed(first?.profits)}</dd>
          </div>
        </dl>
        <div className={styles.batch} role="group" aria-label={t('ui.batch.label')}>
          {([0, 1, 2] as const).map((type) => (
            <Button
              key={type}
              size="sm"
              variant={type === 0 ? 'danger' : 'secondary'}
              disabled={!hasRows || actions.busy}
              onClick={() => void actions.closeBatch(type, legalId)}
              data-testid={`lever-batch-${type}`}
            >
              {t(`ui.batch.type${type}`)}
            </Button>
          ))}
        </div>
        <OrderTable
          label={title}
          paging={paging}
          onClose={(r) => void actions.close(r)}
          onStop={setStopRow}
          busy={actions.busy}
        />
      </section>
      {stopRow && <StopDialog row={stopRow} onClose={() => setStopRow(null)} />}
    </div>
  );
}
