import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyDeals } from './api/get-my-deals';
import { DealRecords } from './components/deal-records';
import { stateOf, type StateFilter } from './components/status';

/** `/legalRecord`: the shop deals I took, by state, 10 a page; a row opens the deal. */
export default function LegalRecordPage() {
  const { t } = useTranslation('shop');
  const [filter, setFilter] = useState<StateFilter>('all');
  const deals = useMyDeals({ is_sure: stateOf(filter) });
  return (
    <DealRecords
      title={t('deals.title')}
      subtitle={t('deals.subtitle')}
      back={{ to: '/legalTrade', label: t('nav.market') }}
      label={t('deals.title')}
      filter={filter}
      onFilter={setFilter}
      deals={deals}
    />
  );
}
