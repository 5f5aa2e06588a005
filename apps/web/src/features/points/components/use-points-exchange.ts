import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import { jcExchangeOf } from '@oryx/contracts/points/calls';
import { ApiError } from '@/shared/api/errors';
import { compareDecimal } from '@/shared/lib/display-decimal';
import { toast } from '@/shared/ui/toast';
import { useExchangeJc } from '../api/exchange-jc';
import { useJcInfo } from '../api/get-jc-info';

/** A failed jc/info (no points account bound, say) opens /bindInfo after this long. */
const BIND_REDIRECT_MS = 1000;
export type FieldError = 'amountRequired' | 'insufficient' | 'passwordRequired';

/** The points to use in minor units (8 decimals), or null when the amount is not a valid one. */
function pointsMinor(amount: string): bigint | null {
  try {
    return parseDecimal(amount.trim(), 8, { maxDigits: 10 });
  } catch (err) {
    if (err instanceof MoneyError) return null;
    throw err;
  }
}

/**
 * The JC exchange's state: the points account (a failed read opens /bindInfo), the amount with its
 * quote (fee and what it pays), the password, the check and the exchange.
 */
export function usePointsExchange() {
  const navigate = useNavigate();
  const info = useJcInfo();
  const exchange = useExchangeJc();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (info.error instanceof ApiError && redirect.current === undefined) {
      redirect.current = window.setTimeout(() => navigate('/bindInfo'), BIND_REDIRECT_MS);
    }
  }, [info.error, navigate]);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const d = info.data;
  const useMinor = pointsMinor(amount);
  const quote =
    d && useMinor !== null
      ? jcExchangeOf(useMinor, parseDecimal(d.beau_per_jc, 8), d.jc_exchange_fee_bps)
      : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!d || exchange.isPending) return;
    const problem: FieldError | null =
      useMinor === null
        ? 'amountRequired'
        : compareDecimal(amount.trim(), d.free_jc_integral) > 0
          ? 'insufficient'
          : password === ''
            ? 'passwordRequired'
            : null;
    setError(problem);
    if (problem) return;
    exchange.mutate(
      { use_number: amount.trim(), password },
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
    d,
    amount,
    setAmount,
    onAmount: edit(setAmount),
    quote,
    password,
    onPassword: edit(setPassword),
    error,
    onSubmit,
    isPending: exchange.isPending,
  };
}
