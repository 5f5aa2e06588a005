import { useTranslation } from 'react-i18next';
import { RequireSession } from '@/shared/session/require-session';
import { PositionsView } from './components/positions-view';

/** /allTransaction: the open-position list of every lever market. */
export default function AllTransactionPage() {
  const { t } = useTranslation('lever');
  return (
    <RequireSession>
      <PositionsView legalId={0} currencyId={0} title={t('ui.nav.all')} />
    </RequireSession>
  );
}
