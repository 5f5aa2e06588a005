import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsLoggedIn } from '@/shared/session/session';
import { groupDigits } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import { Button, buttonClass } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table, type Column } from '@/shared/ui/table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { exactDecimal } from '../amount';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders, type SpotOrderWire } from '../api/get-my-orders';
import { useSpotOrderPushes } from '../api/spot-order-pushes';
import styles from '../spot.module.css';

type Filter = 'all' | 'buy' | 'sell';

/** Current (open) and history orders with all / buy / sell filters; revoke asks first. */
export function MyOrders({ matchId }: { matchId: number }) {
  const { t } = useTranslation('spot');
  const { t: tc } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<'current' | 'history'>('current');
  const [filter, setFilter] = useState<Filter>('all');
  const [onlyThisPair, setOnlyThisPair] = useState(false);
  useSpotOrderPushes();
  const orders = useMyOrders(tab === 'current' ? 1 : 2);
  const cancel = useCancelOrder();

  const revoke = async (o: SpotOrderWire) => {
    const yes = await confirm({
      message: t('orders.revokeConfirm'),
      danger: true,
      okText: t('orders.revoke'),
    });
    if (!yes) return;
    try {
      await cancel.mutateAsync(o.id);
      toast.success(t('orders.revoked'));
    } catch {
      // shown by the API client
    }
  };

  const rows = (orders.data ?? []).filter(
    (o) =>
      (filter === 'all' || (filter === 'buy' ? o.type === 1 : o.type === 2)) &&
      (!onlyThisPair || o.match_id === matchId),
  );
  const columns: Column<SpotOrderWire>[] = [
    {
      key: 'time',
      title: tc('time.withZone', { label: t('orders.time') }),
      render: (o) => <span className="num">{o.created_at}</span>,
    },
    { key: 'symbol', title: t('orders.pair'), render: (o) => o.symbol },
    {
      key: 'type',
      title: t('orders.side'),
      render: (o) => (
        <span className={o.type === 1 ? 'up' : 'down'}>
          {t(o.type === 1 ? 'orders.buy' : 'orders.sell')} · {t(`orders.kind.${o.order_type}`)}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('orders.price'),
      align: 'right',
      render: (o) => (
        <span className="num">
          {o.order_type === 'market' ? t('panel.marketPrice') : formatPrice(o.target_price, o.price_decimals)}
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('orders.amount'),
      align: 'right',
      render: (o) => <span className="num">{exactDecimal(o.trade_amount, o.amount_decimals)}</span>,
    },
    {
      key: 'filled',
      title: t('orders.filled'),
      align: 'right',
      render: (o) => (
        <span className="num" data-testid="spot-order-filled">
          {exactDecimal(o.deal_amount, o.amount_decimals)}
        </span>
      ),
    },
    {
      key: 'avg',
      title: t('orders.avgPrice'),
      align: 'right',
      render: (o) => (
        <span className="num">{groupDigits(exactDecimal(o.trade_price, o.price_decimals))}</span>
      ),
    },
    {
      key: 'fee',
      title: t('orders.fee'),
      align: 'right',
      render: (o) => (
        <span className="num" data-testid="spot-order-fee">
          {exactDecimal(o.fee)} {o.fee_currency}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('orders.state'),
      render: (o) =>
        o.cancel_reason === 'PRICE_BAND'
          ? `${t(`orders.states.${o.state}`)} · ${t('orders.priceBand')}`
          : t(`orders.states.${o.state}`),
    },
    {
      key: 'action',
      title: '',
      align: 'right',
      render: (o) =>
        o.status === 1 ? (
          <Button size="sm" variant="secondary" onClick={() => void revoke(o)} data-testid="spot-revoke">
            {t('orders.revoke')}
          </Button>
        ) : null,
    },
  ];

  return (
    <section className={styles.card} aria-label={t('orders.title')} data-testid="spot-orders">
      <div className={styles.ordersHead}>
        <Tabs
          variant="line"
          aria-label={t('orders.title')}
          value={tab}
          onChange={setTab}
          items={[
            { key: 'current', label: t('orders.current') },
            { key: 'history', label: t('orders.history') },
          ]}
        />
        <div className={styles.ordersTools}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={onlyThisPair}
              onChange={(e) => setOnlyThisPair(e.target.checked)}
            />
            {t('orders.onlyThisPair')}
          </label>
          <Tabs
            variant="pill"
            aria-label={t('orders.filter')}
            value={filter}
            onChange={setFilter}
            items={[
              { key: 'all', label: t('orders.all') },
              { key: 'buy', label: t('orders.buy') },
              { key: 'sell', label: t('orders.sell') },
            ]}
          />
          {loggedIn && (
            <Link to="/accountEntrust" className={styles.link}>
              {t('orders.allOrders')}
            </Link>
          )}
        </div>
      </div>
      {loggedIn ? (
        <Table
          aria-label={t(tab === 'current' ? 'orders.current' : 'orders.history')}
          columns={columns}
          rows={rows}
          rowKey={(o) => o.id}
          loading={orders.isLoading}
          error={orders.error}
          onRetry={() => void orders.refetch()}
          emptyText={t('orders.empty')}
          cards
        />
      ) : (
        <div className={styles.loginBlock}>
          <p className={styles.muted}>{t('orders.loginPrompt')}</p>
          <div className={styles.loginRow}>
            <Link to="/components/login" className={buttonClass({})}>
              {t('panel.login')}
            </Link>
            <Link to="/components/register" className={buttonClass({ variant: 'secondary' })}>
              {t('panel.register')}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
