import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { Tabs } from '@/shared/ui/tabs';
import { useAdDeals } from './api/get-ad-deals';
import { DealTable } from './components/deal-table';
import { STATE_FILTERS, stateOf, type StateFilter } from './components/status';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

/** `/shopLegalRecord?id=<ad>` or `?shop_id=<shop>`: deals on my shop ads, by state, 10 a page. */
export default function ShopLegalRecordPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const adId = Number(params.get('id')) || undefined;
  const shopId = Number(params.get('shop_id')) || undefined;
  const [filter, setFilter] = useState<StateFilter>('all');
  const deals = useAdDeals({ id: adId, shop_id: shopId, is_sure: stateOf(filter) });
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={adId ? t('shopDeals.adTitle', { id: adId }) : t('shopDeals.title')}
            subtitle={t('shopDeals.subtitle')}
            shrink
            className={styles.head}
            actions={
              <Link className={styles.link} to="/myLegalShops">
                {t('nav.myShops')}
              </Link>
            }
          />
        </Card>
        <Card padding="md" flush>
          <div className={styles.toolbar}>
            <Tabs
              aria-label={t('field.state')}
              variant="pill"
              wrap
              items={STATE_FILTERS.map((f) => ({
                key: f,
                label: f === 'all' ? t('filter.all') : t(`state.${f}`),
              }))}
              value={filter}
              onChange={setFilter}
            />
          </div>
          <DealTable query={deals} asShop label={t('shopDeals.title')} />
        </Card>
      </div>
    </RequireSession>
  );
}
