import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LEVER_STATUS, LEVER_TYPE } from '@oryx/contracts/lever/calls';
import { changeSign, formatDecimal, isZeroDecimal } from '@/shared/lib/display-decimal';
import { formatPrice, usePriceDecimals } from '@/shared/market/price';
import { Button } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import type { LeverDeal } from '../api/get-lever-deal';
import styles from '../lever.module.css';
import { statusName } from './order-table';
import { useOrderActions } from './order-actions';

type Brief = LeverDeal['my_transaction'][number];

/** The deal page's own orders of the market (the deal call's list, refreshed every 3 s and by pushes). */
export function MyPositions({ deal, loading }: { deal: LeverDeal | undefined; loading: boolean }) {
  const { t } = useTranslation('lever');
  const actions = useOrderActions();
  const decimals = usePriceDecimals(deal ? { legalId: deal.legal_id, currencyId: deal.currency_id } : null);
  const price = (v: string) => (isZeroDecimal(v) ? '--' : formatPrice(v, decimals));
  const columns: Column<Brief>[] = [
    { key: 'time', title: t('ui.table.time'), render: (r) => <span className="num">{r.time}</span> },
    {
      key: 'type',
      title: t('ui.table.type'),
      render: (r) => (
        <span className={r.type === LEVER_TYPE.long ? 'up' : 'down'}>
          {t(r.type === LEVER_TYPE.long ? 'ui.form.long' : 'ui.form.short')}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('ui.table.openPrice'),
      align: 'right',
      render: (r) => <span className="num">{price(r.price)}</span>,
    },
    {
      key: 'number',
      title: t('ui.table.lots'),
      align: 'right',
      render: (r) => <span className="num">{r.number}</span>,
    },
    {
      key: 'profits',
      title: t('ui.table.profits'),
      align: 'right',
      render: (r) => {
        const sign = changeSign(r.profits);
        return (
          <span className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}>
            {r.status === LEVER_STATUS.pending ? '--' : formatDecimal(r.profits, 4)}
          </span>
        );
      },
    },
    {
      key: 'stops',
      title: t('ui.table.stops'),
      align: 'right',
      render: (r) => (
        <span className="num">
          {price(r.target_profit_price)} / {price(r.stop_loss_price)}
        </span>
      ),
    },
    { key: 'status', title: t('ui.table.status'), render: (r) => statusName(t, r) },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (r) =>
        deal && r.status === LEVER_STATUS.open ? (
          <Button
            size="sm"
            variant="danger"
            disabled={actions.busy}
            onClick={() => void actions.close({ id: r.id, symbol: deal.symbol })}
            data-testid="lever-close"
          >
            {t('ui.actions.close')}
          </Button>
        ) : deal && r.status === LEVER_STATUS.pending ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={actions.busy}
            onClick={() => void actions.revoke({ id: r.id, symbol: deal.symbol })}
            data-testid="lever-revoke"
          >
            {t('ui.actions.revoke')}
          </Button>
        ) : null,
    },
  ];
  return (
    <section className={styles.card} aria-label={t('ui.positions.title')} data-testid="lever-my-positions">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('ui.positions.title')}</h2>
        <span className={styles.links}>
          <Link to="/leverTransactions" className={styles.link}>
            {t('ui.nav.transactions')}
          </Link>
          <Link to="/leverList" className={styles.link}>
            {t('ui.nav.list')}
          </Link>
        </span>
      </div>
      <Table
        cards
        aria-label={t('ui.positions.title')}
        columns={columns}
        rows={deal?.my_transaction}
        rowKey={(r) => r.id}
        loading={loading}
        skeletonRows={3}
      />
    </section>
  );
}
