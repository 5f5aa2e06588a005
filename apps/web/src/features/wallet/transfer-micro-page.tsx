import { useSearchParams } from 'react-router-dom';
import { TransferForm } from './components/transfer-form';

/** `/transferMicro?id=` and `/transfermicro` (from the seconds trade panel): spot account to micro account. */
export default function TransferMicroPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <TransferForm pair={['change', 'micro']} currencyId={id > 0 ? id : undefined} />;
}
