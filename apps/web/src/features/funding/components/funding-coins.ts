import { useSearchParams } from 'react-router-dom';
import { useWalletList } from '../api/get-wallet-list';

/**
 * The coins that can be deposited and withdrawn (rows of `wallet/list` with a network: `type` set), the
 * one picked by `?currency=` (else the first), and whether the feature is open (`is_open_CTbi`).
 */
export function useFundingCoins() {
  const list = useWalletList();
  const [params, setParams] = useSearchParams();
  const coins = (list.data?.change_wallet.balance ?? []).filter((r) => r.type !== '');
  const wanted = Number(params.get('currency'));
  const coin = coins.find((c) => c.currency === wanted) ?? coins[0];
  const pick = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('currency', String(id));
    setParams(next, { replace: true });
  };
  return {
    list,
    coins,
    coin,
    pick,
    isOpen: list.data ? list.data.is_open_CTbi === 1 : undefined,
  };
}
