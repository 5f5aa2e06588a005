import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { Tabs } from '@/shared/ui/tabs';
import { useMyDeals } from './api/get-my-deals';
import { DealTable } from './components/deal-table';
import { STATE_FILTERS, stateOf, type StateFilter } from './components/status';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

/** `/legalRecord`: the shop deals I took, by state, 10 a page; a row opens the deal. */
export default function LegalRecordPage() {
  const { t } = useTranslation('shop');
  const [filter, setFilter] = useState<StateFilter>('all');
  const deals = useMyDeals({ is_sure: stateOf(filter) });
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={t('deals.title')}
            subtitle={t('deals.subtitle')}
            shrink
            className={styles.head}
            actions={
              <Link className={styles.link} to="/legalTrade">
                {t('nav.market')}
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
          <DealTable query={deals} label={t('deals.title')} />
        </Card>
      </div>
    </RequireSession>
  );
}
