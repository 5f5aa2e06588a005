import { Link } from 'react-router-dom';
import { buttonClass } from '@/shared/ui/button';
import { Card } from '@/shared/ui/page';
import styles from '../funding.module.css';
import { CoinSelect } from './coin-select';

/**
 * The coin's third-party channel mode (`is_show`): 1 address plus the rupiah channel, 2 the rupiah channel
 * only, 3 address only. The deposit and withdrawal pages link to the rupiah forms when it is 1 or 2.
 */
export const hasThirdParty = (isShow: number | undefined) => isShow === 1 || isShow === 2;

/** In place of the address form when the coin is taken through the third-party channel only (is_show 2). */
export function ThirdPartyEntry(props: {
  coins: Parameters<typeof CoinSelect>[0]['coins'];
  currency: number;
  onPick: (id: number) => void;
  text: string;
  to: string;
  action: string;
  /** Whether the channel takes the coin (`useRupiahOpen`): the entry, or why not. */
  rupiah: { open: boolean; error: string };
}) {
  return (
    <Card phone={860} className={styles.form} data-testid="third-party-entry">
      <CoinSelect id="third-party-coin" coins={props.coins} value={props.currency} onPick={props.onPick} />
      <p className={styles.subtitle}>{props.text}</p>
      {props.rupiah.open ? (
        <Link className={buttonClass({ variant: 'primary', block: true })} to={props.to}>
          {props.action}
        </Link>
      ) : (
        props.rupiah.error && <p className={styles.warning}>{props.rupiah.error}</p>
      )}
    </Card>
  );
}
