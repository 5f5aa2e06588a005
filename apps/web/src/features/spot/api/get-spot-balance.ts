import { useQuery } from '@tanstack/react-query';
import { GLOBAL_REPLY_TYPES } from '@oryx/contracts/envelope';
import { WalletDetailCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { ApiError } from '@/shared/api/errors';
import { useIsLoggedIn } from '@/shared/session/session';
import { toast } from '@/shared/ui/toast';
import { createFailureStreaks } from './failure-streaks';
import { spotKeys } from './keys';

/** Trade balances refresh every 10 s while logged in. */
export const BALANCE_POLL_MS = 10_000;
/** Replies the API client acts on itself (session expiry, missing funds password, ...). */
const GLOBAL_TYPES: ReadonlySet<string> = new Set(GLOBAL_REPLY_TYPES);

/** One message per streak of failed balance calls (not one every poll, nor one per form). */
const balanceFailures = createFailureStreaks(2 * BALANCE_POLL_MS);

/**
 * Available spot balance of one currency (POST /api/wallet/detail), every 10 s while logged in. A refusal
 * shows the server's message when the balances go from OK (or unknown) to failed;
 * the global replies (999 and the like) are handled by the API client, network errors are logged.
 */
export function useSpotBalance(currencyId: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: spotKeys.balance(currencyId),
    enabled: loggedIn && currencyId > 0,
    refetchInterval: BALANCE_POLL_MS,
    queryFn: async ({ signal }) => {
      try {
        const reply = await call(
          WalletDetailCall,
          { currency: currencyId, type: 'change' },
          { signal, toast: false },
        );
        balanceFailures.succeeded(currencyId);
        return reply;
      } catch (err) {
        if (
          err instanceof ApiError &&
          !GLOBAL_TYPES.has(err.type) &&
          err.message &&
          balanceFailures.failed(currencyId, Date.now())
        ) {
          toast.error(err.message);
        }
        throw err;
      }
    },
  });
}
