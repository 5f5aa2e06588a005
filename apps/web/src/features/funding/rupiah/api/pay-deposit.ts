import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { PayDepositCall } from '@oryx/contracts/funding/pay-calls';
import { call } from '@/shared/api/client';

/** Opens a rupiah deposit; resolves to the URL of the provider's payment page. */
export const usePayDeposit = () =>
  useMutation({ mutationFn: (input: CallInput<typeof PayDepositCall>) => call(PayDepositCall, input) });
