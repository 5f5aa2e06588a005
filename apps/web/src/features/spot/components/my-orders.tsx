import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsLoggedIn } from '@/shared/session/session';
import { buttonClass } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table } from '@/shared/ui/table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders, type SpotOrderWire } from '../api/get-my-orders';
import { useSpotOrderPushes } from '../api/spot-order-pushes';
import styles from '../spot.module.css';
import { useOrderColumns } from './my-orders-columns';

type Filter = 'all' | 'buy' | 'sell';
type Tab = 'current' | 'history';

/** Current (open) and history orders with all / buy / sell filters; revoke asks first. */
export function MyOrders({ matchId }: { matchId: number }) {
  const { t } = useTranslation('spot');
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<Tab>('current');
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
  const columns = useOrderColumns((o) => void revoke(o));

  return (
    <section className={styles.card} aria-label={t('orders.title')} data-testid="spot-orders">
      <OrdersHead
        tab={tab}
        onTab={setTab}
        filter={filter}
        onFilter={setFilter}
        onlyThisPair={onlyThisPair}
        onOnlyThisPair={setOnlyThisPair}
      />
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
        <LoginBlock />
      )}
    </section>
  );
}

interface OrdersHeadProps {
  tab: Tab;
  onTab: (tab: Tab) => void;
  filter: Filter;
  onFilter: (filter: Filter) => void;
  onlyThisPair: boolean;
  onOnlyThisPair: (yes: boolean) => void;
}

/** Current or history orders, only this pair, all / buy / sell, and the link to every order. */
function OrdersHead({ tab, onTab, filter, onFilter, onlyThisPair, onOnlyThisPair }: OrdersHeadProps) {
  const { t } = useTranslation('spot');
  const loggedIn = useIsLoggedIn();
  return (
    <div className={styles.ordersHead}>
      <Tabs
        variant="line"
        aria-label={t('orders.title')}
        value={tab}
        onChange={onTab}
        items={[
          { key: 'current', label: t('orders.current') },
          { key: 'history', label: t('orders.history') },
        ]}
      />
      <div className={styles.ordersTools}>
        <label className={styles.check}>
          <input type="checkbox" checked={onlyThisPair} onChange={(e) => onOnlyThisPair(e.target.checked)} />
          {t('orders.onlyThisPair')}
        </label>
        <Tabs
          variant="pill"
          aria-label={t('orders.filter')}
          value={filter}
          onChange={onFilter}
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
  );
}

/** What a visitor sees instead of orders: log in or register. */
function LoginBlock() {
  const { t } = useTranslation('spot');
  return (
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
  );
}
