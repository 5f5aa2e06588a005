import { useSearchParams } from 'react-router-dom';
import { TransferForm } from './components/transfer-form';

/** `/transferLever?id=`: between the spot account and the lever account. */
export default function TransferLeverPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <TransferForm pair={['change', 'lever']} currencyId={id > 0 ? id : undefined} />;
}
