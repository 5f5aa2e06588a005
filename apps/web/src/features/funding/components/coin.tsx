import { groupDigits } from '@/shared/lib/display-decimal';
import styles from '../funding.module.css';

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

/** A decimal amount in tabular digits, grouped. */
export function Amount({ value }: { value: string }) {
  return <span className={styles.num}>{groupDigits(value)}</span>;
}
