import { useSearchParams } from 'react-router-dom';
import ShopBalanceLogPage from '@/features/p2p/shop/shop-balance-log-page';
import WalletBalanceLogPage from '@/features/wallet/balance-log-page';

/**
 * `/balancelog` serves two lists of the API family under one path: with `seller_id` the movements of a
 * merchant's shop balance (features/p2p/shop), otherwise every movement of the user's wallets (features/wallet).
 */
export default function BalanceLogRoute() {
  const [params] = useSearchParams();
  return params.get('seller_id') ? <ShopBalanceLogPage /> : <WalletBalanceLogPage />;
}
