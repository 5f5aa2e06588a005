import { WalletBalances } from './components/wallet-balances';

/** `/dealFinance`: the spot (change) wallet, with the header menu's "Assets" link. */
export default function DealFinancePage() {
  return <WalletBalances wallet="change" />;
}
