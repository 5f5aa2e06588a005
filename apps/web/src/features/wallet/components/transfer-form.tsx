import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import type { TransferWallet } from '@oryx/contracts/wallet/calls';
import { compareDecimal, groupDigits, trimZeros } from '@/shared/lib/display-decimal';
import { Select } from '@/shared/ui/select';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { toast } from '@/shared/ui/toast';
import { useUserCurrencies } from '../api/get-user-currencies';
import { useWalletList } from '../api/get-wallet-list';
import { useTransfer } from '../api/transfer';
import { balanceOf, TRANSFER_WALLET_ORDER, WALLET_FLAG } from '../wallets';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from '../wallet.module.css';

/** After a successful transfer the page goes to /finance after this long. */
const REDIRECT_MS = 1000;

export interface TransferFormProps {
  /** The two wallets this page moves between (swap exchanges them); all four when absent. */
  pair?: readonly [TransferWallet, TransferWallet];
  from?: TransferWallet;
  to?: TransferWallet;
  /** Preselected currency (`?id=`). */
  currencyId?: number;
  title?: string;
}

type AmountError = 'required' | 'invalid' | 'notPositive' | 'tooManyDecimals' | 'tooLarge' | 'insufficient';

/**
 * The transfer form of /transfer and its presets: currency, from and to with a swap, amount with an
 * "all" button, the balances of both sides. Only currencies enabled for both wallets are offered.
 */
export function TransferForm({
  pair,
  from: initialFrom,
  to: initialTo,
  currencyId,
  title,
}: TransferFormProps) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const currencies = useUserCurrencies();
  const wallets = useWalletList();
  const transfer = useTransfer();
  const options = pair ?? TRANSFER_WALLET_ORDER;
  const [from, setFrom] = useState<TransferWallet>(initialFrom ?? options[0]!);
  const [to, setTo] = useState<TransferWallet>(initialTo ?? options[1]!);
  const [coinId, setCoinId] = useState<number | undefined>(currencyId);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<AmountError | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const eligible = useMemo(
    () => (currencies.data ?? []).filter((c) => c[WALLET_FLAG[from]] === 1 && c[WALLET_FLAG[to]] === 1),
    [currencies.data, from, to],
  );
  const coin = eligible.find((c) => c.id === coinId) ?? eligible[0];
  const rowOf = (w: TransferWallet) =>
    wallets.data?.[`${w}_wallet`].balance.find((r) => r.currency === coin?.id);
  const fromBalance = balanceOf(rowOf(from), from).available;
  const toBalance = balanceOf(rowOf(to), to).available;

  const pickFrom = (w: TransferWallet) => {
    if (w === to) setTo(from);
    setFrom(w);
  };
  const pickTo = (w: TransferWallet) => {
    if (w === from) setFrom(to);
    setTo(w);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setError(null);
  };

  const check = (): AmountError | null => {
    if (!coin) return 'required';
    if (amount.trim() === '') return 'required';
    try {
      parseDecimal(amount.trim(), coin.decimals, { maxDigits: Math.max(1, 18 - coin.decimals) });
    } catch (err) {
      if (!(err instanceof MoneyError)) throw err;
      const map: Record<string, AmountError> = {
        MONEY_EMPTY: 'required',
        MONEY_FORMAT: 'invalid',
        MONEY_NEGATIVE: 'notPositive',
        MONEY_NOT_POSITIVE: 'notPositive',
        MONEY_TOO_MANY_DECIMALS: 'tooManyDecimals',
        MONEY_TOO_LARGE: 'tooLarge',
      };
      return map[err.code] ?? 'invalid';
    }
    if (wallets.data && compareDecimal(amount.trim(), fromBalance) > 0) return 'insufficient';
    return null;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (transfer.isPending || redirect.current !== undefined) return;
    const problem = check();
    setError(problem);
    if (problem || !coin) return;
    transfer.mutate(
      { currency_id: coin.id, number: amount.trim(), from_field: from, to_field: to },
      {
        onSuccess: (message) => {
          toast.success(message);
          setAmount('');
          redirect.current = window.setTimeout(() => navigate('/finance'), REDIRECT_MS);
        },
      },
    );
  };

  const walletSelect = (
    id: string,
    value: TransferWallet,
    onPick: (w: TransferWallet) => void,
    label: string,
  ) => (
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

  return (
    <>
      <Card phone={860}>
        <PageHeader
          title={title ?? t('transfer.title')}
          subtitle={t('transfer.subtitle')}
          actions={
            <Link className={styles.link} to="/transferRecord">
              {t('transfer.records')}
            </Link>
          }
        />
      </Card>
      <form
        className={`${cardClass({ phone: 860 })} ${styles.transfer}`}
        onSubmit={onSubmit}
        noValidate
        aria-label={title ?? t('transfer.title')}
      >
        <Select
          id="transfer-coin"
          name="currency"
          label={t('transfer.coin')}
          value={coin?.id ?? ''}
          disabled={eligible.length === 0}
          onChange={(e) => {
            setCoinId(Number(e.target.value));
            setError(null);
          }}
        >
          {eligible.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        {currencies.data && eligible.length === 0 && <p className={styles.empty}>{t('transfer.noCoins')}</p>}

        <div className={styles.route}>
          <div className={styles.side}>
            <label className={styles.fieldLabel} htmlFor="from_field">
              {t('transfer.from')}
            </label>
            {walletSelect('from_field', from, pickFrom, t('transfer.from'))}
            <span className={styles.sideBalance} data-testid="from-balance">
              {t('transfer.available', { amount: groupDigits(fromBalance), coin: coin?.name ?? '' })}
            </span>
          </div>
          <button
            type="button"
            className={styles.swap}
            onClick={swap}
            aria-label={t('transfer.swap')}
            title={t('transfer.swap')}
          >
            ⇄
          </button>
          <div className={styles.side}>
            <label className={styles.fieldLabel} htmlFor="to_field">
              {t('transfer.to')}
            </label>
            {walletSelect('to_field', to, pickTo, t('transfer.to'))}
            <span className={styles.sideBalance} data-testid="to-balance">
              {t('transfer.available', { amount: groupDigits(toBalance), coin: coin?.name ?? '' })}
            </span>
          </div>
        </div>

        <Input
          label={t('transfer.amount')}
          name="number"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('transfer.amountPlaceholder')}
          maxLength={40}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setError(null);
          }}
          error={error ? t(`transfer.${error}`, { decimals: coin?.decimals ?? 8 }) : undefined}
          suffix={
            <>
              <span>{coin?.name}</span>
              <button
                type="button"
                className={styles.allButton}
                onClick={() => setAmount(trimZeros(fromBalance))}
              >
                {t('transfer.all')}
              </button>
            </>
          }
        />
        <Button
          type="submit"
          size="lg"
          className={styles.submit}
          loading={transfer.isPending}
          disabled={!coin}
        >
          {t('transfer.submit')}
        </Button>
      </form>
    </>
  );
}
