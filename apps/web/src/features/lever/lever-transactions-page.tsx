import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { PositionsView } from './components/positions-view';

/**
 * /leverTransactions?legalId=&currencyId=: my open positions with the risk rate (screen 11), of one
 * market when the query names it, else of every lever market.
 */
export default function LeverTransactionsPage() {
  const { t } = useTranslation('lever');
  const [params] = useSearchParams();
  const legalId = Number(params.get('legalId')) || 0;
  const currencyId = Number(params.get('currencyId')) || 0;
  return (
    <RequireSession>
      <PositionsView legalId={legalId} currencyId={currencyId} title={t('ui.nav.transactions')} />
    </RequireSession>
  );
}
