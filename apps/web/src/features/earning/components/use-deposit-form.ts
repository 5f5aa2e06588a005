import { useEffect, useState, type FormEvent } from 'react';
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import { compareDecimal } from '@/shared/lib/display-decimal';
import { toast } from '@/shared/ui/toast';
import { useDepositList } from '../api/get-deposit-list';
import { useDepositSetup } from '../api/get-deposit-setup';
import { useSubmitDeposit } from '../api/submit-deposit';

export type FieldError = 'amountRequired' | 'passwordRequired' | 'invalid' | 'min' | 'insufficient';

interface CoinLimits {
  scale: number;
  min_number: string;
  deposit_balance: string;
}

/** The amount in minor units of the coin, or null when it is empty or not a valid amount. */
function parsedAmount(amount: string, coin: CoinLimits | undefined): bigint | null {
  if (!coin || amount.trim() === '') return null;
  try {
    return parseDecimal(amount.trim(), coin.scale, { maxDigits: Math.max(1, 18 - coin.scale) });
  } catch (err) {
    if (err instanceof MoneyError) return null;
    throw err;
  }
}

/** What is wrong with the form, first the amount then the password, or null. */
function formProblem(
  amount: string,
  parsed: bigint | null,
  coin: CoinLimits | undefined,
  password: string,
): FieldError | null {
  if (!coin) return 'amountRequired';
  if (amount.trim() === '') return 'amountRequired';
  if (parsed === null) return 'invalid';
  if (compareDecimal(amount.trim(), coin.min_number) < 0) return 'min';
  if (compareDecimal(amount.trim(), coin.deposit_balance) > 0) return 'insufficient';
  if (password === '') return 'passwordRequired';
  return null;
}

/**
 * The deposit-earning form's state: the product, the coin with its balances, the amount (parsed for the
 * preview), the password, the check and the submit. `nowMs` moves every 30 s for the preview's dates.
 */
export function useDepositForm() {
  const setup = useDepositSetup();
  const wallet = useDepositList();
  const submit = useSubmitDeposit();
  const [productId, setProductId] = useState<number | null>(null);
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNowMs(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);

  const products = setup.data ?? [];
  const product = products.find((p) => p.id === productId) ?? products[0];
  const coins = wallet.data?.deposit_wallet.balance ?? [];
  const coin = coins.find((c) => c.currency === currencyId) ?? coins[0];
  const parsed = parsedAmount(amount, coin);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending || !product || !coin) return;
    const problem = formProblem(amount, parsed, coin, password);
    setError(problem);
    if (problem) return;
    submit.mutate(
      { set_id: product.id, currency_id: coin.currency, balance: amount.trim(), password },
      {
        onSuccess: (message) => {
          toast.success(message);
          setAmount('');
          setPassword('');
        },
      },
    );
  };

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };
  return {
    isLoadingProducts: setup.isPending,
    products,
    product,
    setProductId,
    coins,
    coin,
    pickCoin: (id: number) => {
      setCurrencyId(id);
      setError(null);
    },
    amount,
    setAmount,
    onAmount: edit(setAmount),
    parsed,
    password,
    onPassword: edit(setPassword),
    error,
    nowMs,
    onSubmit,
    isPending: submit.isPending,
  };
}

export type DepositFormState = ReturnType<typeof useDepositForm>;
