import { AccountDetail } from './components/account-detail';

/** `/microAccount?currency_id=`: one coin in the seconds-options account. */
export default function MicroAccountPage() {
  return <AccountDetail wallet="micro" />;
}
