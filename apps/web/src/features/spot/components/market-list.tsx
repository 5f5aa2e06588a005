import { useTranslation } from 'react-i18next';
import type { QuotationGroup, QuotationItem } from '@/shared/market/quotation';
import { changeSign } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import { Tabs } from '@/shared/ui/tabs';
import styles from '../spot.module.css';

export interface MarketListProps {
  groups: QuotationGroup[];
  groupIndex: number;
  onGroup: (index: number) => void;
  selectedId: number | undefined;
  onSelect: (item: QuotationItem) => void;
}

/** The market list: one tab per quote currency, rows with the last price and the 24 h change. */
export function MarketList({ groups, groupIndex, onGroup, selectedId, onSelect }: MarketListProps) {
  const { t } = useTranslation('spot');
  const group = groups[groupIndex] ?? groups[0];
  return (
    <section className={styles.card} aria-label={t('markets.title')} data-testid="spot-markets">
      <Tabs
        variant="line"
        aria-label={t('markets.title')}
        value={String(groups.indexOf(group!))}
        onChange={(k) => onGroup(Number(k))}
        items={groups.map((g, i) => ({ key: String(i), label: g.name }))}
      />
      <table className={styles.marketTable}>
        <thead>
          <tr>
            <th>{t('markets.pair')}</th>
            <th className={styles.right}>{t('markets.price')}</th>
            <th className={styles.right}>{t('markets.change')}</th>
          </tr>
        </thead>
        <tbody>
          {(group?.quotation ?? [])
            .filter((q) => q.is_display === 1)
            .map((q) => {
              const sign = changeSign(q.change);
              return (
                <tr
                  key={q.id}
                  className={`${styles.marketRow} ${q.id === selectedId ? styles.marketRow_active : ''}`}
                  onClick={() => onSelect(q)}
                  aria-selected={q.id === selectedId}
                  data-testid={`spot-market-${q.currency_name}`}
                >
                  <td>
                    <button type="button" className={styles.pairButton} onClick={() => onSelect(q)}>
                      <strong>{q.currency_name}</strong>
                      <span className={styles.muted}>/{q.legal_name}</span>
                    </button>
                  </td>
                  <td className={`${styles.right} num`}>{formatPrice(q.now_price, q.price_decimals)}</td>
                  <td className={`${styles.right} num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}>
                    {q.change}%
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </section>
  );
}
