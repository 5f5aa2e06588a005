import { useQuery } from '@tanstack/react-query';
import { CommissionLevelsCall } from '@oryx/contracts/team/calls';
import { call } from '@/shared/api/client';
import { TEAM } from './keys';

/** GET /api/profits/rule: the published commission shares per level. */
export function useCommissionRule() {
  return useQuery({
    queryKey: [...TEAM, 'rule'],
    queryFn: ({ signal }) => call(CommissionLevelsCall, {}, { signal }),
    staleTime: 300_000,
  });
}
