import { WalletBalances } from './components/wallet-balances';

/** `/legal`: the fiat (legal, C2C) wallet. */
export default function LegalPage() {
  return <WalletBalances wallet="legal" />;
}
