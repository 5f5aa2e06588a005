import { groupDigits } from '@/shared/lib/display-decimal';
import styles from './coin.module.css';

/** A coin name with a round badge of its first letters. */
export function Coin({ name }: { name: string }) {
  return (
    <span className={styles.coin}>
      <span className={styles.coinBadge} aria-hidden="true">
        {name.slice(0, 2)}
      </span>
      {name}
    </span>
  );
}

/** A decimal amount in tabular digits, grouped; `signed` colours it up (in) or down (out). */
export function Amount({ value, signed = false }: { value: string; signed?: boolean }) {
  const isOut = value.startsWith('-');
  const tone = signed ? (isOut ? styles.down : styles.up) : '';
  const shown = groupDigits(value);
  return <span className={`${styles.num} ${tone}`}>{signed && !isOut ? `+${shown}` : shown}</span>;
}
