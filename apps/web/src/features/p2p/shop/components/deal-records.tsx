import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { Tabs } from '@/shared/ui/tabs';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from '../shop.module.css';
import { DealTable, type DealQuery } from './deal-table';
import { STATE_FILTERS, type StateFilter } from './status';

export interface DealRecordsProps {
  title: ReactNode;
  subtitle: ReactNode;
  /** The link at the header's right. */
  back: { to: string; label: string };
  /** The table's name for screen readers. */
  label: string;
  /** The state tab shown, and the deals of that state. */
  filter: StateFilter;
  onFilter: (filter: StateFilter) => void;
  deals: DealQuery;
  /** Rows open the shop owner's deal page. */
  asShop?: boolean;
}

/** A signed-in page of shop deals with state tabs (all or one state), 10 a page; a row opens the deal. */
export function DealRecords({
  title,
  subtitle,
  back,
  label,
  filter,
  onFilter,
  deals,
  asShop,
}: DealRecordsProps) {
  const { t } = useTranslation('shop');
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={title}
            subtitle={subtitle}
            shrink
            className={styles.head}
            actions={
              <Link className={styles.link} to={back.to}>
                {back.label}
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
              onChange={onFilter}
            />
          </div>
          <DealTable query={deals} asShop={asShop} label={label} />
        </Card>
      </div>
    </RequireSession>
  );
}
