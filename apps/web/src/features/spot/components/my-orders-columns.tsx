import { useTranslation } from 'react-i18next';
import { groupDigits } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import { Button } from '@/shared/ui/button';
import { type Column } from '@/shared/ui/table';
import { exactDecimal } from '../amount';
import { type SpotOrderWire } from '../api/get-my-orders';

/** The columns of my orders: what was asked (time, pair, side, price, amount), then how it went. */
export function useOrderColumns(onRevoke: (order: SpotOrderWire) => void): Column<SpotOrderWire>[] {
  return [...useTermColumns(), ...useProgressColumns(onRevoke)];
}

/** When, which pair, which side and kind, at what price, how much. */
function useTermColumns(): Column<SpotOrderWire>[] {
  const { t } = useTranslation('spot');
  const { t: tc } = useTranslation();
  return [
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
  ];
}

/** How much filled, at what average price, for what fee, the state, and the revoke button while open. */
function useProgressColumns(onRevoke: (order: SpotOrderWire) => void): Column<SpotOrderWire>[] {
  const { t } = useTranslation('spot');
  return [
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
          <Button size="sm" variant="secondary" onClick={() => onRevoke(o)} data-testid="spot-revoke">
            {t('orders.revoke')}
          </Button>
        ) : null,
    },
  ];
}
