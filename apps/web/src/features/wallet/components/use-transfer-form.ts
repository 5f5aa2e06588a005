import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import type { TransferWallet } from '@oryx/contracts/wallet/calls';
import { compareDecimal } from '@/shared/lib/display-decimal';
import { toast } from '@/shared/ui/toast';
import { useUserCurrencies } from '../api/get-user-currencies';
import { useWalletList } from '../api/get-wallet-list';
import { useTransfer } from '../api/transfer';
import { balanceOf, TRANSFER_WALLET_ORDER, WALLET_FLAG } from '../wallets';

/** After a successful transfer the page goes to /finance after this long. */
const REDIRECT_MS = 1000;

export type AmountError =
  'required' | 'invalid' | 'notPositive' | 'tooManyDecimals' | 'tooLarge' | 'insufficient';

const MONEY_ERRORS: Record<string, AmountError> = {
  MONEY_EMPTY: 'required',
  MONEY_FORMAT: 'invalid',
  MONEY_NEGATIVE: 'notPositive',
  MONEY_NOT_POSITIVE: 'notPositive',
  MONEY_TOO_MANY_DECIMALS: 'tooManyDecimals',
  MONEY_TOO_LARGE: 'tooLarge',
};

/** What is wrong with the amount for the coin (its decimals and size), or more than `available` (once known). */
function amountProblem(
  amount: string,
  coin: { decimals: number } | undefined,
  available: string | null,
): AmountError | null {
  if (!coin) return 'required';
  if (amount.trim() === '') return 'required';
  try {
    parseDecimal(amount.trim(), coin.decimals, { maxDigits: Math.max(1, 18 - coin.decimals) });
  } catch (err) {
    if (!(err instanceof MoneyError)) throw err;
    return MONEY_ERRORS[err.code] ?? 'invalid';
  }
  if (available !== null && compareDecimal(amount.trim(), available) > 0) return 'insufficient';
  return null;
}

/** Sends a transfer; after a success, `onDone` and /finance after a moment (no second send meanwhile). */
function useSendTransfer() {
  const navigate = useNavigate();
  const transfer = useTransfer();
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  return {
    isPending: transfer.isPending,
    isBusy: () => transfer.isPending || redirect.current !== undefined,
    send: (input: Parameters<typeof transfer.mutate>[0], onDone: () => void) =>
      transfer.mutate(input, {
        onSuccess: (message) => {
          toast.success(message);
          onDone();
          redirect.current = window.setTimeout(() => navigate('/finance'), REDIRECT_MS);
        },
      }),
  };
}

export interface TransferFormOptions {
  /** The two wallets this page moves between (swap exchanges them); all four when absent. */
  pair?: readonly [TransferWallet, TransferWallet];
  from?: TransferWallet;
  to?: TransferWallet;
  /** Preselected currency (`?id=`). */
  currencyId?: number;
}

/**
 * The transfer form's state: from and to (picking one side's wallet on the other swaps them), the coin
 * among those enabled for both wallets, both balances, the amount and its check, and the submit (then
 * /finance after a moment).
 */
export function useTransferForm({ pair, from: initialFrom, to: initialTo, currencyId }: TransferFormOptions) {
  const currencies = useUserCurrencies();
  const wallets = useWalletList();
  const transfer = useSendTransfer();
  const options = pair ?? TRANSFER_WALLET_ORDER;
  const [from, setFrom] = useState<TransferWallet>(initialFrom ?? options[0]!);
  const [to, setTo] = useState<TransferWallet>(initialTo ?? options[1]!);
  const [coinId, setCoinId] = useState<number | undefined>(currencyId);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<AmountError | null>(null);

  const eligible = useMemo(
    () => (currencies.data ?? []).filter((c) => c[WALLET_FLAG[from]] === 1 && c[WALLET_FLAG[to]] === 1),
    [currencies.data, from, to],
  );
  const coin = eligible.find((c) => c.id === coinId) ?? eligible[0];
  const rowOf = (w: TransferWallet) =>
    wallets.data?.[`${w}_wallet`].balance.find((r) => r.currency === coin?.id);
  const fromBalance = balanceOf(rowOf(from), from).available;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (transfer.isBusy()) return;
    const problem = amountProblem(amount, coin, wallets.data ? fromBalance : null);
    setError(problem);
    if (problem || !coin) return;
    transfer.send({ currency_id: coin.id, number: amount.trim(), from_field: from, to_field: to }, () =>
      setAmount(''),
    );
  };

  return {
    options,
    from,
    pickFrom: (w: TransferWallet) => {
      if (w === to) setTo(from);
      setFrom(w);
    },
    to,
    pickTo: (w: TransferWallet) => {
      if (w === from) setFrom(to);
      setTo(w);
    },
    swap: () => {
      setFrom(to);
      setTo(from);
      setError(null);
    },
    hasCurrencies: currencies.data !== undefined,
    eligible,
    coin,
    pickCoin: (id: number) => {
      setCoinId(id);
      setError(null);
    },
    fromBalance,
    toBalance: balanceOf(rowOf(to), to).available,
    amount,
    setAmount,
    onAmount: (value: string) => {
      setAmount(value);
      setError(null);
    },
    error,
    onSubmit,
    isPending: transfer.isPending,
  };
}

export type TransferFormState = ReturnType<typeof useTransferForm>;
