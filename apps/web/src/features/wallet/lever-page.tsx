import { WalletBalances } from './components/wallet-balances';

/** `/lever`: the leverage wallet (margin). */
export default function LeverPage() {
  return <WalletBalances wallet="lever" />;
}
