import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CoinInfo, CoinNetwork } from '@oryx/contracts/funding/coin-calls';
import { Button } from '@/shared/ui/button';
import { SandboxBadge } from './sandbox-badge';
import { splitDuration } from './time-left';
import styles from '../funding.module.css';

/**
 * Demo mode, sandbox network (`test_address` set): the offer of the sandbox's test recipient, a valid
 * address of the simulated chain that belongs to nobody. Bound and ready: one click picks it; not bound:
 * a link to bind it (prefilled); bound and cooling: how long until it is ready.
 */
export function SandboxTestAddress(props: {
  currency: number;
  network: CoinNetwork;
  addresses: CoinInfo['wallet_data'];
  now: number;
  onUse: (addressId: string) => void;
}) {
  const { t } = useTranslation('cash');
  const test = props.network.test_address ?? '';
  if (!test) return null;
  const bound = props.addresses.find((a) => a.label === test && a.type === props.network.type);
  const bindUrl = `/withdraw_address?${new URLSearchParams({
    currency: String(props.currency),
    type: props.network.type,
    address: test,
  }).toString()}`;
  let action;
  if (!bound) {
    action = (
      <>
        <Link className={styles.link} to={bindUrl} data-testid="test-address-bind">
          {t('testAddress.use')}
        </Link>
        <span className={styles.sandboxNote}>{t('testAddress.bindHint')}</span>
      </>
    );
  } else if (bound.usable_at > props.now) {
    const { h, m, s } = splitDuration(bound.usable_at - props.now);
    action = (
      <span className={styles.sandboxNote} data-testid="test-address-cooling">
        {t('testAddress.cooling', { h, m, s })}
      </span>
    );
  } else {
    action = (
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => props.onUse(String(bound.id))}
        data-testid="test-address-use"
      >
        {t('testAddress.use')}
      </Button>
    );
  }
  return (
    <div className={styles.testAddress} data-testid="test-address">
      <p className={styles.sandboxNote}>
        <SandboxBadge /> <strong>{t('testAddress.title')}</strong> {t('testAddress.text')}
      </p>
      <code className={styles.mono}>{test}</code>
      <div className={styles.testAddressAction}>{action}</div>
    </div>
  );
}
