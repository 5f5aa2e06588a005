import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '@/shared/ui/page';
import { Tabs } from '@/shared/ui/tabs';
import WalletCoinRecordPage from '@/features/wallet/coin-record-page';
import { FundingRecordsView } from '@/features/funding/components/records-view';

const VIEWS = ['log', 'deposit', 'withdraw'] as const;
type View = (typeof VIEWS)[number];

/**
 * `/coinRecord?view=`: the account area's records, composed of two areas: balance changes by coin and
 * account (features/wallet, the default) and the coin deposits or withdrawals (features/funding).
 */
export default function CoinRecordPage() {
  const { t } = useTranslation('cash');
  const [params, setParams] = useSearchParams();
  const raw = params.get('view') ?? '';
  const view: View = (VIEWS as readonly string[]).includes(raw) ? (raw as View) : 'log';
  const show = (next: View) => {
    const p = new URLSearchParams(params);
    if (next === 'log') p.delete('view');
    else p.set('view', next);
    setParams(p, { replace: true });
  };
  return (
    <Page>
      <Tabs
        aria-label={t('records.title')}
        items={[
          { key: 'log', label: t('records.log') },
          { key: 'deposit', label: t('records.deposits') },
          { key: 'withdraw', label: t('records.withdrawals') },
        ]}
        value={view}
        onChange={show}
      />
      {view === 'log' ? <WalletCoinRecordPage /> : <FundingRecordsView view={view} />}
    </Page>
  );
}
