import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { SpotTradeProof } from '@oryx/contracts/spot/proof';
import { formatExchangeTime } from '@oryx/contracts/time';
import { Card, Page, PageHeader } from '@/shared/ui/page';
import { PageSpinner } from '@/shared/ui/spinner';
import { useSpotTradeProof } from './api/get-trade-proof';
import styles from './trade-proof-page.module.css';

type Order = SpotTradeProof['maker_order'];

function OrderCard({ title, order }: { title: string; order: Order }) {
  const { t } = useTranslation('spot');
  return (
    <Card padding="md">
      <h2 className={styles.cardTitle}>{title}</h2>
      <dl className={styles.facts}>
        <dt>{t('tradeProof.orderId')}</dt>
        <dd className="num">{order.id}</dd>
        <dt>{t('tradeProof.kind')}</dt>
        <dd>{t(order.kind === 'market' ? 'tradeProof.market' : 'tradeProof.limit')}</dd>
        {order.kind === 'limit' && (
          <>
            <dt>{t('tradeProof.limitPrice')}</dt>
            <dd className="num">{order.price}</dd>
          </>
        )}
        <dt>{t('tradeProof.placedAt')}</dt>
        <dd>{formatExchangeTime(order.placed_at)}</dd>
      </dl>
    </Card>
  );
}

/** What only the trade's two parties see: their side, role and fee. */
function OwnerFacts({ p }: { p: SpotTradeProof }) {
  const { t } = useTranslation('spot');
  return (
    <>
      <dt>{t('tradeProof.mySide')}</dt>
      <dd className={p.my_side === 'buy' ? 'up' : 'down'}>
        {t(p.my_side === 'buy' ? 'orders.buy' : 'orders.sell')} ·{' '}
        {t(p.my_role === 'maker' ? 'tradeProof.maker' : 'tradeProof.taker')}
      </dd>
      <dt>{t('tradeProof.myFee')}</dt>
      <dd className="num">
        {p.my_fee} {p.fee_currency}
      </dd>
    </>
  );
}

/**
 * /spot/proof/:id, the record of one spot trade, readable by anyone with the link: price, amount, time and
 * the two orders it matched (the maker's price was taken); the two parties also see their side and fee.
 */
export default function SpotTradeProofPage() {
  const { t } = useTranslation('spot');
  const { id: rawId } = useParams();
  const id = rawId && /^\d{1,12}$/.test(rawId) ? Number(rawId) : null;
  const proof = useSpotTradeProof(id);
  const p = proof.data;
  if (id !== null && proof.isLoading) return <PageSpinner />;
  if (!p)
    return (
      <Page className={styles.narrow}>
        <p className={styles.muted}>{t('tradeProof.unavailable')}</p>
      </Page>
    );
  return (
    <Page className={styles.narrow} data-testid="spot-trade-proof-page">
      <PageHeader
        title={t('tradeProof.title', { id: p.id })}
        subtitle={t('tradeProof.subtitle')}
        actions={
          <span className={styles.actions}>
            <Link to={`/dealCenter?legalId=${p.legal_id}&currencyId=${p.currency_id}`} className="link">
              {t('tradeProof.market_link', { symbol: p.symbol })}
            </Link>
            <Link to="/accountEntrust" className="link">
              {t('tradeProof.back')}
            </Link>
          </span>
        }
      />
      <Card padding="md">
        <dl className={styles.facts}>
          <dt>{t('tradeProof.symbol')}</dt>
          <dd>{p.symbol}</dd>
          <dt>{t('tradeProof.price')}</dt>
          <dd className="num">{p.price}</dd>
          <dt>{t('tradeProof.amount')}</dt>
          <dd className="num">{p.amount}</dd>
          <dt>{t('tradeProof.total')}</dt>
          <dd className="num">{p.total}</dd>
          <dt>{t('tradeProof.takerSide')}</dt>
          <dd className={p.taker_side === 'buy' ? 'up' : 'down'}>
            {t(p.taker_side === 'buy' ? 'orders.buy' : 'orders.sell')}
          </dd>
          <dt>{t('tradeProof.tradedAt')}</dt>
          <dd>{formatExchangeTime(p.traded_at)}</dd>
          {p.is_owner && <OwnerFacts p={p} />}
        </dl>
      </Card>
      <OrderCard title={t('tradeProof.makerOrder')} order={p.maker_order} />
      <OrderCard title={t('tradeProof.takerOrder')} order={p.taker_order} />
      <p className={styles.muted}>{p.rule}</p>
    </Page>
  );
}
