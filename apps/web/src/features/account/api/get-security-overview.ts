import { useQuery } from '@tanstack/react-query';
import { SecurityOverviewCall } from '@oryx/contracts/security/calls';
import { call } from '@/shared/api/client';
import { SECURITY } from './security-keys';

/** GET /api/security/overview: two-factor on or off, recovery codes left, the anti-phishing phrase. */
export const useSecurityOverview = () =>
  useQuery({
    queryKey: [...SECURITY, 'overview'],
    queryFn: ({ signal }) => call(SecurityOverviewCall, {}, { signal }),
  });
