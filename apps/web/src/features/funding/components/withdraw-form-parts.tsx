import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { groupDigits, trimZeros } from '@/shared/lib/display-decimal';
import { Input } from '@/shared/ui/input';
import { Card, PageHeader } from '@/shared/ui/page';
import { Select } from '@/shared/ui/select';
import styles from '../funding.module.css';
import { SandboxBadge } from './sandbox-badge';
import { SandboxTestAddress } from './sandbox-test-address';
import { splitDuration } from './time-left';
import type { WithdrawForm } from './use-withdraw-form';

interface PartProps {
  form: WithdrawForm;
}

/** The withdrawal page's title, with links to deposit, the bound addresses and the rupiah withdrawal. */
export function WithdrawHeader({ form }: PartProps) {
  const { t } = useTranslation('cash');
  const { coin, d, rupiah } = form;
  return (
    <Card phone={860}>
      <PageHeader
        title={t('withdraw.title')}
        subtitle={d?.is_show !== 2 && t('withdraw.subtitle')}
        actions={
          <span className={styles.links}>
            <Link className={styles.link} to={`/recharge?currency=${coin?.currency ?? ''}`}>
              {t('nav.deposit')}
            </Link>
            <Link className={styles.link} to={`/withdraw_address?currency=${coin?.currency ?? ''}`}>
              {t('nav.addresses')}
            </Link>
            {coin && rupiah.open && (
              <Link className={styles.link} to={`/rupiahWithdraw?currency=${coin.currency}`}>
                {t('nav.rupiahWithdraw')}
              </Link>
            )}
          </span>
        }
      />
    </Card>
  );
}

/** The coin's networks; a sandbox one says how it works. */
export function NetworkSelect({ form }: PartProps) {
  const { t } = useTranslation('cash');
  return (
    <>
      <Select
        id="withdraw-network"
        name="type"
        label={t('field.network')}
        value={form.network?.type ?? ''}
        onChange={(e) => form.pickNetwork(e.target.value)}
      >
        {(form.d?.type_data ?? []).map((n) => (
          <option key={n.id} value={n.type}>
            {n.name}
          </option>
        ))}
      </Select>
      {form.network?.chain === 'sandbox' && (
        <p className={styles.sandboxNote}>
          <SandboxBadge /> {t('sandbox.withdrawHint')}
        </p>
      )}
    </>
  );
}

/** A bound address on the network (one still cooling down shows the time left and cannot be picked). */
export function AddressField({ form }: PartProps) {
  const { t } = useTranslation('cash');
  const { coin, network, addresses, now } = form;
  const coolingText = (usableAt: number) => {
    const { h, m, s } = splitDuration(usableAt - now);
    return t('address.coolingShort', { h, m, s });
  };
  return (
    <div className={styles.field}>
      <Select
        id="withdraw-address"
        name="address"
        label={t('field.address')}
        value={form.addressId}
        onChange={(e) => form.setAddressId(e.target.value)}
      >
        <option value="">{addresses.length ? t('withdraw.pickAddress') : t('withdraw.noAddress')}</option>
        {addresses.map((a) => (
          <option key={a.id} value={a.id} disabled={a.usable_at > now}>
            {a.label}
            {a.label === network?.test_address ? ` (${t('testAddress.option')})` : ''}
            {a.memo ? ` (${t('field.memo')} ${a.memo})` : ''}
            {a.usable_at > now ? ` — ${coolingText(a.usable_at)}` : ''}
          </option>
        ))}
      </Select>
      {form.errors.address && <span className={styles.error}>{form.errors.address}</span>}
      {coin && network && (
        <SandboxTestAddress
          currency={coin.currency}
          network={network}
          addresses={addresses}
          now={now}
          onUse={form.setAddressId}
        />
      )}
      <Link className={styles.link} to={`/withdraw_address?currency=${coin?.currency ?? ''}`}>
        {t('withdraw.manageAddresses')}
      </Link>
    </div>
  );
}

/** The amount, with what is available and the button to withdraw it all. */
export function AmountField({ form }: PartProps) {
  const { t } = useTranslation('cash');
  const { d, network } = form;
  return (
    <Input
      label={t('field.amount')}
      name="number"
      inputMode="decimal"
      autoComplete="off"
      value={form.amount}
      onChange={(e) => form.setAmount(e.target.value)}
      placeholder={network ? t('withdraw.minPlaceholder', { min: trimZeros(network.min_number) }) : ''}
      error={form.errors.amount}
      hint={d ? t('withdraw.available', { amount: groupDigits(d.change_balance), coin: d.name }) : undefined}
      suffix={
        <button
          type="button"
          className={styles.allButton}
          onClick={() => d && form.setAmount(trimZeros(d.change_balance))}
        >
          {t('withdraw.all')}
        </button>
      }
    />
  );
}

/** The fee and what arrives for the amount typed, and the coin's fee, limits and review threshold. */
export function FeeSummary({ form }: PartProps) {
  const { t } = useTranslation('cash');
  const { d, network, fee, validAmount, needsReview } = form;
  return (
    <>
      <dl className={styles.summary}>
        <dt>{t('field.fee')}</dt>
        <dd data-testid="withdraw-fee">
          {fee.data && validAmount ? `${fee.data.rate} ${d?.name ?? ''}` : '—'}
        </dd>
        <dt>{t('field.received')}</dt>
        <dd data-testid="withdraw-received">
          {fee.data && validAmount ? `${fee.data.real_number} ${d?.name ?? ''}` : '—'}
        </dd>
      </dl>
      {d && network && (
        <ul className={styles.notes}>
          <li>
            {t('withdraw.feeRule', { fee: trimZeros(d.withdraw_fee), rate: network.rate, coin: d.name })}
          </li>
          <li>
            {t('withdraw.limits', {
              min: trimZeros(network.min_number),
              max: trimZeros(d.max_number),
              coin: d.name,
            })}
          </li>
          <li className={needsReview ? styles.warningItem : undefined}>
            {t('withdraw.review', { amount: trimZeros(d.approval_above), coin: d.name })}
          </li>
        </ul>
      )}
    </>
  );
}
