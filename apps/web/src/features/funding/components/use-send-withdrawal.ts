import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/errors';
import { toast } from '@/shared/ui/toast';
import type { useTotpStep } from '@/shared/ui/totp-field';
import { useWithdraw } from '../api/withdraw';
import type { WithdrawForm } from './use-withdraw-form';
import type { WithdrawSummary } from './withdraw-confirm';

/** After a successful withdrawal the page reloads after this long (the API family's behaviour). */
const RELOAD_MS = 1500;

/**
 * Sending the withdrawal: a checked form goes to the confirmation step (what leaves, to where, the fee
 * and what arrives); confirmed, it is sent with the second factor when one is asked for, and the page
 * reloads after a success. A wrong trade password empties its field.
 */
export function useSendWithdrawal(form: WithdrawForm, totp: ReturnType<typeof useTotpStep>) {
  const withdraw = useWithdraw();
  const [reviewing, setReviewing] = useState(false);
  const reload = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reload.current), []);
  const { coin, d, network, address, validAmount, fee, needsReview, password } = form;

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    if (withdraw.isPending || reload.current !== undefined || !coin || !network) return;
    const e = form.check();
    form.setErrors(e);
    if (Object.keys(e).length === 0 && address && validAmount) setReviewing(true);
  };
  const freshFee = fee.data && !fee.isPlaceholderData && !fee.isFetching ? fee.data : null;
  const summary: WithdrawSummary | null =
    reviewing && d && network && address && validAmount
      ? {
          coin: d.name,
          amount: validAmount,
          address: address.label,
          memo: address.memo,
          network: network.name,
          fee: freshFee?.rate ?? null,
          received: freshFee?.real_number ?? null,
          isTestAddress: address.label === network.test_address,
          needsReview,
          approvalAbove: d.approval_above,
        }
      : null;

  const send = () => {
    setReviewing(false);
    if (withdraw.isPending || reload.current !== undefined || !coin || !network || !address || !validAmount)
      return;
    withdraw.mutate(
      {
        currency: coin.currency,
        type: network.type,
        number: validAmount,
        rate: freshFee?.rate ?? fee.data?.rate,
        address: address.label,
        memo: address.memo,
        pay_password: password,
        ...totp.input,
      },
      {
        onSuccess: (message) => {
          toast.success(message);
          reload.current = window.setTimeout(() => window.location.reload(), RELOAD_MS);
        },
        onError: (error) => {
          totp.onError(error);
          // The trade password is checked before the second factor: asked for a code, it was right.
          if (!(error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED')) form.setPassword('');
        },
      },
    );
  };

  return { onSubmit, summary, send, back: () => setReviewing(false), isPending: withdraw.isPending };
}
