import { useQuery } from '@tanstack/react-query';
import { SecurityOverviewCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';

/**
 * GET /api/security/overview, read for `two_factor`: with it on, a withdrawal and an address binding ask
 * for the authenticator's code up front. The key is the security page's own (features/account), so
 * turning two-factor on or off there refreshes this too. Unknown (a failed call), the field comes when the
 * server asks for the code.
 */
export const useTwoFactorOn = () =>
  useQuery({
    queryKey: ['account', 'security', 'overview'],
    queryFn: ({ signal }) => call(SecurityOverviewCall, {}, { signal, toast: false }),
    select: (o) => o.two_factor,
  });
