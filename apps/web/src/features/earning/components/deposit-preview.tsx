import { useTranslation } from 'react-i18next';
import { formatMinor } from '@oryx/contracts/money';
import { EARNING_DAY_MS, instalmentOf, interestOf } from '@oryx/contracts/earning/terms';
import { formatExchangeTime } from '@oryx/contracts/time';
import type { DepositProduct } from '@oryx/contracts/earning/calls';
import { trimZeros } from '@/shared/lib/display-decimal';
import styles from '@/shared/ui/earn-pages.module.css';

export interface DepositPreviewProps {
  product: DepositProduct;
  /** The amount in minor units, or null while the field holds no valid amount. */
  principalMinor: bigint | null;
  scale: number;
  coin: string;
  nowMs: number;
}

/** What the deposit pays, computed with the rule the server pays by (@oryx/contracts/earning/terms). */
export function DepositPreview({ product, principalMinor, scale, coin, nowMs }: DepositPreviewProps) {
  const { t } = useTranslation('earning');
  const p = principalMinor ?? 0n;
  const interest = interestOf(p, product.rate_bps);
  const daily = instalmentOf(interest, product.day, 1);
  const fmt = (v: bigint) => `${trimZeros(formatMinor(v, scale))} ${coin}`;
  const rows: [string, string][] = [
    [t('preview.interest'), fmt(interest)],
    [t('preview.daily'), fmt(daily)],
    [t('preview.end'), formatExchangeTime(nowMs + product.day * EARNING_DAY_MS)],
    [t('preview.total'), fmt(p + interest)],
  ];
  return (
    <div className={styles.preview} data-testid="deposit-preview" aria-live="polite">
      <p className={styles.previewTitle}>{t('preview.title')}</p>
      <div className={styles.row}>
        <span className={styles.rowLabel}>{t('rateHint', { rate: product.rate_percent })}</span>
      </div>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <span className={styles.rowLabel}>{label}</span>
          <span className={styles.mono}>{value}</span>
        </div>
      ))}
    </div>
  );
}
