import { useSearchParams } from 'react-router-dom';
import { AccountDetail } from './components/account-detail';

/**
 * `/legalAccount?currency_id=`: one coin in the fiat account; `&type=lever` shows the leverage account
 * (clients of this API family open the leverage account's detail on this route).
 */
export default function LegalAccountPage() {
  const [params] = useSearchParams();
  return (
    <AccountDetail
      key={params.get('type') ?? 'legal'}
      wallet={params.get('type') === 'lever' ? 'lever' : 'legal'}
    />
  );
}
