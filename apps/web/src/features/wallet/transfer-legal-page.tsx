import { useSearchParams } from 'react-router-dom';
import { TransferForm } from './components/transfer-form';

/** `/transferLegal?id=`: between the spot account and the legal account. */
export default function TransferLegalPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <TransferForm pair={['change', 'legal']} currencyId={id > 0 ? id : undefined} />;
}
