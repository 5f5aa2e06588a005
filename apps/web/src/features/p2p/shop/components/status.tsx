import { useTranslation } from 'react-i18next';
import styles from '../shop.module.css';

/** A deal's state (`is_sure`: 0 waiting, 3 paid, 1 done, 2 cancelled, 4 under appeal) as a badge. */
export function DealStatus({ value }: { value: number }) {
  const { t } = useTranslation('shop');
  const known = [0, 1, 2, 3, 4].includes(value) ? (String(value) as '0') : '0';
  return <span className={`${styles.badge} ${styles[`badge_${known}`] ?? ''}`}>{t(`state.${known}`)}</span>;
}

/** Deal states offered by the record filters. */
export const STATE_FILTERS = ['all', '0', '3', '1', '2', '4'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export const stateOf = (f: StateFilter) => (f === 'all' ? undefined : Number(f));
