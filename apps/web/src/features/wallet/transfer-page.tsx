import { useSearchParams } from 'react-router-dom';
import { TransferForm } from './components/transfer-form';

/** `/transfer?id=`: between any two of the four trading accounts. */
export default function TransferPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <TransferForm from="change" to="micro" currencyId={id > 0 ? id : undefined} />;
}
