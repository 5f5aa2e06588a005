import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FavouriteAddCall, FavouriteDelCall, type QuotationGroup } from '@oryx/contracts/market/calls';
import { call } from '../api/client';
import { quotationQueryKey, setAdded } from './quotation';

/**
 * POST /api/user_match/add | del {id}: star or unstar a market. The star flips at once in the cached
 * quotation (optimistic) and flips back if the call fails; the server's list is fetched again afterwards.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const key = quotationQueryKey(true);
  return useMutation({
    mutationFn: ({ id, added }: { id: number; added: boolean }) =>
      call(added ? FavouriteAddCall : FavouriteDelCall, { id }),
    onMutate: async ({ id, added }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<QuotationGroup[]>(key);
      queryClient.setQueryData<QuotationGroup[]>(key, (old) => setAdded(old, id, added));
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
