import { MicroOrderCall, type MicroOrderRow } from '@oryx/contracts/micro/calls';
import { call } from '@/shared/api/client';

/** GET /api/microtrade/order: one of the user's orders, read when its settlement push did not come. */
export function fetchMicroOrder(id: number): Promise<MicroOrderRow> {
  return call(MicroOrderCall, { id }, { toast: false });
}
