import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { Tabs } from '@/shared/ui/tabs';
import { useMyDeals } from './api/get-my-deals';
import { DealTable } from './components/deal-table';
import { STATE_FILTERS, stateOf, type StateFilter } from './components/status';
import styles from './shop.module.css';

/** `/legalRecord`: the shop deals I took, by state, 10 a page; a row opens the deal. */
export default function LegalRecordPage() {
  const { t } = useTranslation('shop');
  const [filter, setFilter] = useState<StateFilter>('all');
  const deals = useMyDeals({ is_sure: stateOf(filter) });
  return (
    <RequireSession>
      <div className={styles.page}>
        <section className={styles.card}>
          <div className={styles.head}>
            <div>
              <h1 className={styles.title}>{t('deals.title')}</h1>
              <p className={styles.subtitle}>{t('deals.subtitle')}</p>
            </div>
            <Link className={styles.link} to="/legalTrade">
              {t('nav.market')}
            </Link>
          </div>
        </section>
        <section className={`${styles.card} ${styles.cardFlat}`}>
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
        </section>
      </div>
    </RequireSession>
  );
}
