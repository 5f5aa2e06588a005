import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVER_STATUS } from '@oryx/contracts/lever/calls';
import { RequireSession } from '@/shared/session/require-session';
import { Tabs } from '@/shared/ui/tabs';
import { pagedTable } from '@/shared/ui/paged-table';
import { useMyTrades } from './api/get-my-trades';
import { useLeverPushes } from './api/lever-pushes';
import { LeverNav } from './components/lever-nav';
import { useOrderActions } from './components/order-actions';
import { OrderTable } from './components/order-table';
import styles from './lever.module.css';

const TABS = [
  LEVER_STATUS.pending,
  LEVER_STATUS.open,
  LEVER_STATUS.closing,
  LEVER_STATUS.closed,
  LEVER_STATUS.revoked,
] as const;
type Tab = `${(typeof TABS)[number]}`;

/**
 * /leverList: the caller's lever orders by status (screen 12), 10 a page. Pending orders can be revoked,
 * open ones closed; the `lever_trade` / `lever_closed` pushes replace or remove rows of tabs 0 and 1.
 */
export default function LeverListPage() {
  return (
    <RequireSession>
      <LeverList />
    </RequireSession>
  );
}

function LeverList() {
  const { t } = useTranslation('lever');
  const [tab, setTab] = useState<Tab>('1');
  const status = Number(tab);
  const trades = useMyTrades(status);
  const actions = useOrderActions();
  useLeverPushes();
  return (
    <div className={styles.page} data-testid="lever-list">
      <LeverNav />
      <section className={styles.card}>
        <h1 className={styles.pageTitle}>{t('ui.nav.list')}</h1>
        <Tabs
          variant="line"
          wrap
          aria-label={t('ui.list.tabs')}
          value={tab}
          onChange={setTab}
          items={TABS.map((s) => ({ key: `${s}` as Tab, label: t(`status.${s}`) }))}
        />
        <OrderTable
          label={t(`status.${status as 0 | 1 | 2 | 3 | 4}`)}
          paging={{ ...pagedTable(trades, (p) => p.message.data), loading: trades.isLoading }}
          closed={status === LEVER_STATUS.closed}
          onClose={(r) => void actions.close(r)}
          onRevoke={(r) => void actions.revoke(r)}
          busy={actions.busy}
        />
      </section>
    </div>
  );
}
