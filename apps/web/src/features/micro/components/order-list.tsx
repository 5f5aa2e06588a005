import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { MicroOrderRow } from '@oryx/contracts/micro/calls';
import { useIsLoggedIn } from '@/shared/session/session';
import { useSocketEvent } from '@/shared/socket/use-socket-event';
import { Table, type Column } from '@/shared/ui/table';
import { Tabs } from '@/shared/ui/tabs';
import { formatDecimal } from '@/shared/market/decimal';
import { microKeys, useClosedOrders, useOpenOrders, type OpenOrder } from '../api/micro-api';
import { runningResult } from '../running-result';
import { ProofModal } from './proof-modal';
import styles from '../micro.module.css';

/** A closed push replaces the open row, which leaves the open list this long afterwards (specification). */
export const CLOSED_ROW_LINGER_MS = 500;
/** Countdown refresh: the display has one decimal of a second. */
const TICK_MS = 100;

function useNow(isActive: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [isActive]);
  return now;
}

const profitClass = (v: string) =>
  v.startsWith('-') ? 'down' : v === '' || /^0(\.0*)?$/.test(v) ? '' : 'up';
const signed = (v: string) => (v.startsWith('-') || /^0(\.0*)?$/.test(v) ? v : `+${v}`);

/**
 * Open and closed orders. Open rows count down from `remain_milli_seconds`, show the running result
 * against the current price and vanish at zero; a `micro_closed` push replaces the row with the closed
 * order and removes it half a second later, then the closed list and the balances reload.
 */
export function OrderList({ matchId, currentPrice }: { matchId: number; currentPrice: string | undefined }) {
  const { t } = useTranslation('micro');
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const [proofId, setProofId] = useState<number | null>(null);
  const closeProof = useCallback(() => setProofId(null), []);
  const open = useOpenOrders(matchId);
  const closed = useClosedOrders(tab === 'closed');
  const now = useNow(tab === 'open' && (open.data?.length ?? 0) > 0);

  useSocketEvent(
    'micro_closed',
    (e) => {
      const data = e.data as MicroOrderRow;
      const key = microKeys.open(data.match_id);
      queryClient.setQueryData<OpenOrder[]>(key, (rows) =>
        rows?.map((r) => (r.id === data.id ? { ...r, ...data, endsAtMs: r.endsAtMs } : r)),
      );
      window.setTimeout(() => {
        queryClient.setQueryData<OpenOrder[]>(key, (rows) => rows?.filter((r) => r.id !== data.id));
      }, CLOSED_ROW_LINGER_MS);
      void queryClient.invalidateQueries({ queryKey: microKeys.closed });
      void queryClient.invalidateQueries({ queryKey: microKeys.currencies });
    },
    { enabled: loggedIn },
  );

  const direction = (type: number) => (
    <span className={type === 1 ? 'up' : 'down'}>{type === 1 ? t('orders.up') : t('orders.down')}</span>
  );
  const common: Column<MicroOrderRow>[] = [
    { key: 'symbol_name', title: t('orders.pair') },
    { key: 'type', title: t('orders.direction'), render: (r) => direction(r.type) },
    {
      key: 'number',
      title: t('orders.amount'),
      align: 'right',
      render: (r) => `${r.number} ${r.currency_name}`,
    },
    {
      key: 'seconds',
      title: t('orders.duration'),
      align: 'right',
      render: (r) => t('orders.secondsLeft', { seconds: r.seconds }),
    },
    {
      key: 'open_price',
      title: t('orders.openPrice'),
      align: 'right',
      render: (r) => formatDecimal(r.open_price, 4),
    },
  ];

  // Open orders whose time is up are not shown; a row the push has closed stays for its half second.
  const openRows = (open.data ?? []).filter((r) => r.status === 3 || r.endsAtMs - now > 0);
  const openColumns: Column<OpenOrder>[] = [
    ...(common as Column<OpenOrder>[]),
    {
      key: 'current',
      title: t('orders.currentPrice'),
      align: 'right',
      render: (r) =>
        r.status === 3 ? formatDecimal(r.end_price, 4) : currentPrice ? formatDecimal(currentPrice, 4) : '--',
    },
    {
      key: 'countdown',
      title: t('orders.countdown'),
      align: 'right',
      render: (r) =>
        r.status === 3
          ? '0.0'
          : t('orders.secondsLeft', { seconds: (Math.max(0, r.endsAtMs - now) / 1000).toFixed(1) }),
    },
    {
      key: 'running',
      title: t('orders.running'),
      align: 'right',
      render: (r) => {
        if (r.status === 3) {
          return <span className={`num ${profitClass(r.fact_profits)}`}>{signed(r.fact_profits)}</span>;
        }
        const rr = runningResult(r, currentPrice);
        return rr ? <span className={`num ${rr.isRight ? 'up' : 'down'}`}>{rr.amount}</span> : '--';
      },
    },
  ];

  const closedRows = closed.data?.pages.flatMap((p) => p.data) ?? [];
  const closedColumns: Column<MicroOrderRow>[] = [
    ...common,
    {
      key: 'end_price',
      title: t('orders.endPrice'),
      align: 'right',
      render: (r) => formatDecimal(r.end_price, 4),
    },
    { key: 'fee', title: t('orders.fee'), align: 'right', render: (r) => r.fee },
    {
      key: 'fact_profits',
      title: t('orders.profit'),
      align: 'right',
      render: (r) => (
        <span className={`num ${profitClass(r.fact_profits)}`} data-testid="micro-profit">
          {signed(r.fact_profits)}
        </span>
      ),
    },
    { key: 'created_at', title: t('orders.time'), render: (r) => r.created_at },
    {
      key: 'proof',
      title: t('orders.proof'),
      render: (r) => (
        <button type="button" className={styles.linkButton} onClick={() => setProofId(r.id)}>
          {t('orders.proof')}
        </button>
      ),
    },
  ];

  return (
    <section className={styles.orders} data-testid="micro-orders">
      <Tabs
        items={[
          { key: 'open', label: t('orders.open') },
          { key: 'closed', label: t('orders.closed') },
        ]}
        value={tab}
        onChange={setTab}
      />
      {!loggedIn ? (
        <p className={styles.muted}>{t('orders.loginFirst')}</p>
      ) : tab === 'open' ? (
        <Table
          aria-label={t('orders.open')}
          columns={openColumns}
          rows={openRows}
          rowKey={(r) => r.id}
          loading={open.isLoading}
          error={open.error}
          onRetry={() => void open.refetch()}
        />
      ) : (
        <Table
          aria-label={t('orders.closed')}
          columns={closedColumns}
          rows={closedRows}
          rowKey={(r) => r.id}
          loading={closed.isLoading}
          error={closed.error}
          onRetry={() => void closed.refetch()}
          paged
          hasMore={closed.hasNextPage}
          loadingMore={closed.isFetchingNextPage}
          onLoadMore={() => void closed.fetchNextPage()}
        />
      )}
      <ProofModal orderId={proofId} onClose={closeProof} />
    </section>
  );
}
