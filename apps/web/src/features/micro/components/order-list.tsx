import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { MicroOrderRow } from '@oryx/contracts/micro/calls';
import { useIsLoggedIn } from '@/shared/session/session';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { formatPrice, usePriceDecimalsLookup } from '@/shared/market/price';
import { useMicroClosed } from '../api/closed-pushes';
import { useClosedOrders } from '../api/get-closed-orders';
import { fetchMicroOrder } from '../api/get-order';
import { useOpenOrders, type OpenOrder } from '../api/get-open-orders';
import { runningResult } from '../running-result';
import { ProofModal } from './proof-modal';
import { announceSettlement, SettlementNotices } from './settlement-notices';
import styles from '../micro.module.css';

/** Countdown refresh: the display has one decimal of a second. */
const TICK_MS = 100;
/**
 * Without the push (socket down, a missed message) an expired order is read once it is this late, then
 * again every retry interval a few times, so its result is still announced and the lists reload.
 */
const SETTLE_GRACE_MS = 3000;
const SETTLE_RETRY_MS = 3000;
const SETTLE_TRIES_MAX = 5;
/** Open orders are shown as cards below this width, so countdown and running result need no sideways scroll. */
const PHONE_QUERY = '(max-width: 640px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Reads expired open orders the push has not closed, and hands closed ones to `onClosed`. */
function useSettlementFallback(orders: OpenOrder[] | undefined, onClosed: (row: MicroOrderRow) => void) {
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });
  const tries = useRef(new Map<number, { count: number; at: number; busy: boolean }>());
  useEffect(() => {
    const pending = (orders ?? []).filter((o) => o.status === 1);
    if (pending.length === 0) return;
    const id = window.setInterval(() => {
      const now = Date.now();
      for (const o of pending) {
        const tried = tries.current.get(o.id) ?? { count: 0, at: 0, busy: false };
        if (now < o.endsAtMs + SETTLE_GRACE_MS || tried.busy || tried.count >= SETTLE_TRIES_MAX) continue;
        if (now - tried.at < SETTLE_RETRY_MS) continue;
        const next = { count: tried.count + 1, at: now, busy: true };
        tries.current.set(o.id, next);
        fetchMicroOrder(o.id)
          .then((row) => {
            if (row.status === 3) onClosedRef.current(row);
          })
          .catch(() => undefined)
          .finally(() => {
            next.busy = false;
          });
      }
    }, 1000);
    return () => window.clearInterval(id);
  }, [orders]);
}

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
  const { t: tc } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const [proofId, setProofId] = useState<number | null>(null);
  const closeProof = useCallback(() => setProofId(null), []);
  const open = useOpenOrders(matchId);
  const decimalsOf = usePriceDecimalsLookup();
  const price = (v: string, r: MicroOrderRow) => formatPrice(v, decimalsOf({ id: r.match_id }));
  const closed = useClosedOrders(tab === 'closed');
  const now = useNow(tab === 'open' && (open.data?.length ?? 0) > 0);
  const isPhone = useMediaQuery(PHONE_QUERY);

  // A closed order (from the push, or read after its expiry when no push came): the row shows the closed
  // data and leaves the open list half a second later, the result is announced, lists and balances reload.
  const applyClosed = useMicroClosed(announceSettlement, loggedIn);
  useSettlementFallback(open.data, applyClosed);

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
      render: (r) => price(r.open_price, r),
    },
  ];

  // Open orders whose time is up are not shown; a row the push has closed stays for its half second.
  const openRows = (open.data ?? []).filter((r) => r.status === 3 || r.endsAtMs - now > 0);
  const currentOf = (r: OpenOrder) =>
    r.status === 3 ? price(r.end_price, r) : currentPrice ? price(currentPrice, r) : '--';
  const countdownOf = (r: OpenOrder) =>
    t('orders.secondsLeft', {
      seconds: r.status === 3 ? '0.0' : (Math.max(0, r.endsAtMs - now) / 1000).toFixed(1),
    });
  const runningOf = (r: OpenOrder) => {
    if (r.status === 3) {
      return <span className={`num ${profitClass(r.fact_profits)}`}>{signed(r.fact_profits)}</span>;
    }
    const rr = runningResult(r, currentPrice);
    if (!rr) return '--';
    const tone = rr.outcome === 'win' ? 'up' : rr.outcome === 'loss' ? 'down' : '';
    return (
      <span className={`num ${tone}`} data-outcome={rr.outcome} data-testid="micro-running">
        {rr.amount}
      </span>
    );
  };
  const openColumns: Column<OpenOrder>[] = [
    ...(common as Column<OpenOrder>[]),
    { key: 'current', title: t('orders.currentPrice'), align: 'right', render: currentOf },
    { key: 'countdown', title: t('orders.countdown'), align: 'right', render: countdownOf },
    { key: 'running', title: t('orders.running'), align: 'right', render: runningOf },
  ];
  // On a phone each open order is a card (loading, errors and the empty list keep the table's states):
  // countdown and running result on top, no sideways scrolling.
  const openCards =
    !isPhone || open.isLoading || open.error || openRows.length === 0 ? null : (
      <ul className={styles.cards} aria-label={t('orders.open')} data-testid="micro-open-cards">
        {openRows.map((r) => (
          <li key={r.id} className={styles.card} data-testid="micro-open-card">
            <div className={styles.cardHead}>
              <span className={styles.cardPair}>
                {r.symbol_name} {direction(r.type)}
              </span>
              <span className={`num ${styles.cardCountdown}`} data-testid="micro-countdown">
                {countdownOf(r)}
              </span>
            </div>
            <div className={styles.cardHead}>
              <span className={`num ${styles.muted}`}>
                {r.number} {r.currency_name} · {price(r.open_price, r)} → {currentOf(r)}
              </span>
              <span className={styles.cardRunning} title={t('orders.running')}>
                {runningOf(r)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    );

  const closedColumns: Column<MicroOrderRow>[] = [
    ...common,
    {
      key: 'end_price',
      title: t('orders.endPrice'),
      align: 'right',
      render: (r) => price(r.end_price, r),
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
    {
      key: 'created_at',
      title: tc('time.withZone', { label: t('orders.time') }),
      render: (r) => r.created_at,
    },
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
      ) : tab === 'open' && openCards ? (
        openCards
      ) : tab === 'open' ? (
        <Table
          aria-label={t('orders.open')}
          columns={openColumns}
          rows={openRows}
          rowKey={(r) => r.id}
          loading={open.isLoading}
          error={open.error}
          onRetry={() => void open.refetch()}
          cards
        />
      ) : (
        <Table
          {...pagedTable(closed, (p) => p.data)}
          aria-label={t('orders.closed')}
          columns={closedColumns}
          rowKey={(r) => r.id}
          loading={closed.isLoading}
          cards
        />
      )}
      <ProofModal orderId={proofId} onClose={closeProof} />
      <SettlementNotices />
    </section>
  );
}
