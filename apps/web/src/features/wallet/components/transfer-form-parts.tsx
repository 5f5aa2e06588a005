import { useTranslation } from 'react-i18next';
import type { TransferWallet } from '@oryx/contracts/wallet/calls';
import { groupDigits, trimZeros } from '@/shared/lib/display-decimal';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import styles from '../wallet.module.css';
import type { TransferFormState } from './use-transfer-form';

interface WalletSelectProps {
  id: 'from_field' | 'to_field';
  value: TransferWallet;
  options: readonly TransferWallet[];
  onPick: (w: TransferWallet) => void;
  label: string;
}

function WalletSelect({ id, value, options, onPick, label }: WalletSelectProps) {
  const { t } = useTranslation('wallet');
  return (
    <Select
      id={id}
      name={id}
      value={value}
      aria-label={label}
      onChange={(e) => onPick(e.target.value as TransferWallet)}
    >
      {options.map((w) => (
        <option key={w} value={w}>
          {t(`walletName.${w}`)}
        </option>
      ))}
    </Select>
  );
}

/** The coin, among those enabled for both wallets. */
export function CoinField({ form }: { form: TransferFormState }) {
  const { t } = useTranslation('wallet');
  const { coin, eligible } = form;
  return (
    <>
      <Select
        id="transfer-coin"
        name="currency"
        label={t('transfer.coin')}
        value={coin?.id ?? ''}
        disabled={eligible.length === 0}
        onChange={(e) => form.pickCoin(Number(e.target.value))}
      >
        {eligible.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
      {form.hasCurrencies && eligible.length === 0 && <p className={styles.empty}>{t('transfer.noCoins')}</p>}
    </>
  );
}

/** From and to, each with its balance of the coin, and the swap between them. */
export function TransferRoute({ form }: { form: TransferFormState }) {
  const { t } = useTranslation('wallet');
  const { coin, options } = form;
  return (
    <div className={styles.route}>
      <div className={styles.side}>
        <label className={styles.fieldLabel} htmlFor="from_field">
          {t('transfer.from')}
        </label>
        <WalletSelect
          id="from_field"
          value={form.from}
          options={options}
          onPick={form.pickFrom}
          label={t('transfer.from')}
        />
        <span className={styles.sideBalance} data-testid="from-balance">
          {t('transfer.available', { amount: groupDigits(form.fromBalance), coin: coin?.name ?? '' })}
        </span>
      </div>
      <button
        type="button"
        className={styles.swap}
        onClick={form.swap}
        aria-label={t('transfer.swap')}
        title={t('transfer.swap')}
      >
        ⇄
      </button>
      <div className={styles.side}>
        <label className={styles.fieldLabel} htmlFor="to_field">
          {t('transfer.to')}
        </label>
        <WalletSelect
          id="to_field"
          value={form.to}
          options={options}
          onPick={form.pickTo}
          label={t('transfer.to')}
        />
        <span className={styles.sideBalance} data-testid="to-balance">
          {t('transfer.available', { amount: groupDigits(form.toBalance), coin: coin?.name ?? '' })}
        </span>
      </div>
    </div>
  );
}

/** The amount, with the button that moves all of the from-side's balance. */
export function AmountField({ form }: { form: TransferFormState }) {
  const { t } = useTranslation('wallet');
  const { coin, error } = form;
  return (
    <Input
      label={t('transfer.amount')}
      name="number"
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('transfer.amountPlaceholder')}
      maxLength={40}
      value={form.amount}
      onChange={(e) => form.onAmount(e.target.value)}
      error={error ? t(`transfer.${error}`, { decimals: coin?.decimals ?? 8 }) : undefined}
      suffix={
        <>
          <span>{coin?.name}</span>
          <button
            type="button"
            className={styles.allButton}
            onClick={() => form.setAmount(trimZeros(form.fromBalance))}
          >
            {t('transfer.all')}
          </button>
        </>
      }
    />
  );
}
