import { AccountDetail } from './components/account-detail';

/** `/dealAccount?currency_id=`: one coin in the spot account. */
export default function DealAccountPage() {
  return <AccountDetail wallet="change" />;
}
