import { useQuery } from '@tanstack/react-query';
import { SecondsCall } from '@oryx/contracts/micro/calls';
import { call } from '@/shared/api/client';
import { microKeys } from './keys';

/** The offered durations with their payout ratios and minimum stakes. */
export function useSecondsOptions() {
  return useQuery({
    queryKey: microKeys.seconds,
    queryFn: ({ signal }) => call(SecondsCall, {}, { signal, toast: false }),
    staleTime: 60_000,
  });
}
