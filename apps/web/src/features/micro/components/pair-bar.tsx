import { useTranslation } from 'react-i18next';
import type { QuotationItem } from '@oryx/contracts/market/calls';
import { changeSign, formatChange } from '@/shared/market/decimal';
import { formatPrice } from '@/shared/market/price';
import styles from '../micro.module.css';

/** The pair tab bar: only pairs displayed and open for micro trading. */
export function PairBar({
  pairs,
  selectedId,
  onSelect,
}: {
  pairs: QuotationItem[];
  selectedId: number | undefined;
  onSelect: (item: QuotationItem) => void;
}) {
  const { t } = useTranslation('micro');
  if (pairs.length === 0) return <p className={styles.muted}>{t('noPairs')}</p>;
  return (
    <nav className={styles.pairBar} aria-label={t('pairs')} role="tablist">
      {pairs.map((p) => {
        const sign = changeSign(p.change);
        const isActive = p.id === selectedId;
        return (
          <button
            key={p.id}
            type="button"
            role="tab"
            aria-selected={isActive}
            className={`${styles.pair} ${isActive ? styles.pair_active : ''}`}
            onClick={() => onSelect(p)}
          >
            <span className={styles.pairName}>{p.symbol}</span>
            <span className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}>
              {formatPrice(p.now_price, p.price_decimals)} <small>{formatChange(p.change)}</small>
            </span>
          </button>
        );
      })}
    </nav>
  );
}
