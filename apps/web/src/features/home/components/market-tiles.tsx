import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuotationGroup, QuotationItem } from '@oryx/contracts/market/calls';
import { changeSign, formatChange } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import { dealCenterPath } from '@/shared/market/quotation';
import { useValuation } from '@/shared/market/valuation';
import { useFlash } from '@/shared/market/use-flash';
import styles from '../home.module.css';
import { Skeleton } from '@/shared/ui/skeleton';

/** Up to 6 tiles of the USDT group, price to the market's tick decimals, change to 2. */
export const TILES_MAX = 6;
/** The CNY rate of USDT used when a market carries none. */
export const HOME_CNY_RATE = '6.9641';
const TILE_GROUP = 'USDT';

function Tile({ item }: { item: QuotationItem }) {
  const { t: tc } = useTranslation();
  const valuation = useValuation();
  const flash = useFlash(item.now_price);
  const sign = changeSign(item.change);
  const tone = sign > 0 ? styles.up : sign < 0 ? styles.down : '';
  return (
    <Link
      to={dealCenterPath(item)}
      className={styles.tile}
      data-testid="market-tile"
      data-symbol={item.symbol}
    >
      <div className={styles.tileHead}>
        <span className={styles.tileSymbol}>
          {item.currency_name}
          <span className={styles.tileQuote}>/{item.legal_name}</span>
        </span>
        <span className={`${styles.tileChange} ${tone}`}>{formatChange(item.change)}</span>
      </div>
      <div
        className={`${styles.tilePrice} ${tone} ${flash ? styles[`flash_${flash}`] : ''}`}
        data-testid="tile-price"
      >
        {formatPrice(item.now_price, item.price_decimals)}
      </div>
      <div className={styles.tileCny} title={valuation.note || undefined} data-testid="tile-valuation">
        {tc('valuation.approx', {
          value: valuation.format(item.now_price, item.rmb_relation || HOME_CNY_RATE),
        })}
      </div>
    </Link>
  );
}

export function MarketTiles({
  groups,
  isPending,
}: {
  groups: QuotationGroup[] | undefined;
  isPending: boolean;
}) {
  const { t } = useTranslation('home');
  const items = (groups?.find((g) => g.name === TILE_GROUP)?.quotation ?? []).slice(0, TILES_MAX);
  if (!isPending && items.length === 0) return null;
  return (
    <section aria-label={t('tilesTitle')} className={styles.tiles} aria-busy={isPending || undefined}>
      {isPending
        ? Array.from({ length: TILES_MAX }, (_, i) => (
            <div key={i} className={`${styles.tile} ${styles.tileSkeleton}`} aria-hidden="true">
              <Skeleton width="45%" />
              <Skeleton width="70%" height={22} />
              <Skeleton width="35%" />
            </div>
          ))
        : items.map((q) => <Tile key={q.id} item={q} />)}
    </section>
  );
}
