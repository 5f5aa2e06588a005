import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAdDeals } from './api/get-ad-deals';
import { DealRecords } from './components/deal-records';
import { stateOf, type StateFilter } from './components/status';

/** `/shopLegalRecord?id=<ad>` or `?shop_id=<shop>`: deals on my shop ads, by state, 10 a page. */
export default function ShopLegalRecordPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const adId = Number(params.get('id')) || undefined;
  const shopId = Number(params.get('shop_id')) || undefined;
  const [filter, setFilter] = useState<StateFilter>('all');
  const deals = useAdDeals({ id: adId, shop_id: shopId, is_sure: stateOf(filter) });
  return (
    <DealRecords
      title={adId ? t('shopDeals.adTitle', { id: adId }) : t('shopDeals.title')}
      subtitle={t('shopDeals.subtitle')}
      back={{ to: '/myLegalShops', label: t('nav.myShops') }}
      label={t('shopDeals.title')}
      filter={filter}
      onFilter={setFilter}
      deals={deals}
      asShop
    />
  );
}
