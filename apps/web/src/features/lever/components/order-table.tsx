import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LEVER_STATUS, LEVER_TYPE, type LeverOrderRow } from '@oryx/contracts/lever/calls';
import { changeSign, formatDecimal, isZeroDecimal } from '@/shared/lib/display-decimal';
import { formatPrice, usePriceDecimalsLookup } from '@/shared/market/price';
import { Button } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import type { PagedTableProps } from '@/shared/ui/paged-table';
import styles from '../lever.module.css';

export interface OrderTableProps {
  /** The orders and their paging, from `pagedTable`. */
  paging: PagedTableProps<LeverOrderRow>;
  onClose?: (row: LeverOrderRow) => void;
  onRevoke?: (row: LeverOrderRow) => void;
  onStop?: (row: LeverOrderRow) => void;
  busy?: boolean;
  label: string;
  /** The rows are closed orders: the price column is the close price. */
  closed?: boolean;
}

/** The detailed lever orders (my_trade, dealall): cards on phones, 10 a page with load-more. */
/** A closed position's status links to its public settlement record (marks, inputs, times). */
function StatusCell({ row, label }: { row: LeverOrderRow; label: string }) {
  return row.status === LEVER_STATUS.closed ? (
    <Link className="link" to={`/lever/proof/${row.id}`} data-testid="lever-row-status">
      {label}
    </Link>
  ) : (
    <span data-testid="lever-row-status">{label}</span>
  );
}

export function OrderTable(props: OrderTableProps) {
  const { t } = useTranslation('lever');
  const decimalsOf = usePriceDecimalsLookup();
  const price = (v: string, r: LeverOrderRow) =>
    isZeroDecimal(v) ? '--' : formatPrice(v, decimalsOf({ legalId: r.legal_id, currencyId: r.currency_id }));
  const { onClose, onRevoke, onStop, busy } = props;
  const columns: Column<LeverOrderRow>[] = [
    { key: 'symbol', title: t('ui.table.symbol'), render: (r) => `${r.symbol} #${r.id}` },
    {
      key: 'type',
      title: t('ui.table.type'),
      render: (r) => (
        <span className={r.type === LEVER_TYPE.long ? 'up' : 'down'}>
          {t(r.type === LEVER_TYPE.long ? 'ui.form.long' : 'ui.form.short')} {r.multiple}x
        </span>
      ),
    },
    {
      key: 'share',
      title: t('ui.table.lots'),
      align: 'right',
      render: (r) => <span className="num">{r.share}</span>,
    },
    {
      key: 'price',
      title: t('ui.table.openPrice'),
      align: 'right',
      render: (r) => <span className="num">{price(r.price, r)}</span>,
    },
    {
      key: 'update_price',
      title: props.closed ? t('ui.table.closePrice') : t('ui.table.nowPrice'),
      align: 'right',
      render: (r) => <span className="num">{price(r.update_price, r)}</span>,
    },
    {
      key: 'caution_money',
      title: t('ui.table.margin'),
      align: 'right',
      render: (r) => <span className="num">{formatDecimal(r.caution_money, 4)}</span>,
    },
    {
      key: 'fees',
      title: t('ui.table.fees'),
      align: 'right',
      render: (r) => (
        <span className="num">
          {formatDecimal(r.trade_fee, 4)} / {formatDecimal(r.overnight_money, 4)}
        </span>
      ),
    },
    {
      key: 'profits',
      title: t('ui.table.profits'),
      align: 'right',
      render: (r) => {
        const sign = changeSign(r.profits);
        return (
          <span className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`} data-testid="lever-row-profits">
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
          {price(r.target_profit_price, r)} / {price(r.stop_loss_price, r)}
        </span>
      ),
    },
    {
      key: 'time',
      title: t('ui.table.time'),
      render: (r) => <span className="num">{r.handle_time || r.transaction_time || r.create_time}</span>,
    },
    {
      key: 'status',
      title: t('ui.table.status'),
      render: (r) => <StatusCell row={r} label={statusName(t, r)} />,
    },
  ];
  if (onClose || onRevoke || onStop) {
    columns.push({
      key: 'actions',
      title: '',
      align: 'right',
      render: (r) => (
        <div className={styles.rowActions}>
          {onStop && (r.status === LEVER_STATUS.open || r.status === LEVER_STATUS.pending) && (
            <Button size="sm" variant="secondary" onClick={() => onStop(r)} data-testid="lever-stop">
              {t('ui.actions.stop')}
            </Button>
          )}
          {onClose && r.status === LEVER_STATUS.open && (
            <Button
              size="sm"
              variant="danger"
              disabled={busy}
              onClick={() => onClose(r)}
              data-testid="lever-close"
            >
              {t('ui.actions.close')}
            </Button>
          )}
          {onRevoke && r.status === LEVER_STATUS.pending && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => onRevoke(r)}
              data-testid="lever-revoke"
            >
              {t('ui.actions.revoke')}
            </Button>
          )}
        </div>
      ),
    });
  }
  return <Table {...props.paging} cards aria-label={props.label} columns={columns} rowKey={(r) => r.id} />;
}

type T = ReturnType<typeof useTranslation<'lever'>>['t'];

const REASONS = ['user', 'batch', 'take_profit', 'stop_loss', 'liquidation'] as const;
type Reason = (typeof REASONS)[number];

/**
 * The status in the page's language (the server's status_name is in the account's, which may differ),
 * with why a closed position closed: by the user, a batch close, take-profit, stop-loss or liquidation.
 */
export function statusName(t: T, r: Pick<LeverOrderRow, 'status'> & { close_reason?: string }): string {
  if (r.status < 0 || r.status > 4) return String(r.status);
  const name = t(`status.${r.status as 0 | 1 | 2 | 3 | 4}`);
  const reason = r.close_reason as Reason | undefined;
  if (r.status !== LEVER_STATUS.closed || !reason || !REASONS.includes(reason)) return name;
  return `${name} · ${t(`closeReason.${reason}`)}`;
}
