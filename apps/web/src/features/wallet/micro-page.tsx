import { WalletBalances } from './components/wallet-balances';

/** `/micro`: the seconds-options wallet. */
export default function MicroPage() {
  return <WalletBalances wallet="micro" />;
}
