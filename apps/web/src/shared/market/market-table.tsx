import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotationGroup } from '@oryx/contracts/market/calls';
import { Tabs } from '../ui/tabs';
import {
  LiveIndicator,
  MarketRow,
  SkeletonRow,
  SortHead,
  TableState,
  type ColumnDef,
} from './market-table-parts';
import { sortQuotation, type SortState } from './sort';
import { StarIcon } from './star-icon';
import styles from './market-table.module.css';

/** The star view's tab key; group tabs use the quote currency id. */
const FAVOURITES_TAB = 'fav';
const SKELETON_ROWS = 7;

export interface MarketTableProps {
  groups: QuotationGroup[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** `compact` (home): pair, price, change, volume. `full` (all markets): high and low as well. */
  variant?: 'compact' | 'full';
  /** Filters by coin name (all-markets search box). */
  search?: string;
  /** Extra content at the right end of the tab bar. */
  toolbar?: ReactNode;
}

/** The columns: pair, price, change, (high and low in the full table,) volume and the trade link. */
function useMarketColumns(variant: MarketTableProps['variant']): ColumnDef[] {
  const { t } = useTranslation('market');
  return [
    { key: 'pair', label: t('col.pair'), align: 'left' },
    { key: 'price', label: t('col.price'), align: 'right' },
    { key: 'change', label: t('col.change'), align: 'right' },
    ...(variant === 'full'
      ? ([
          { key: 'high', label: t('col.high'), align: 'right', wide: true },
          { key: 'low', label: t('col.low'), align: 'right', wide: true },
        ] satisfies ColumnDef[])
      : []),
    { key: 'volume', label: t('col.volume'), align: 'right', wide: true },
    { key: 'action', label: t('col.action'), align: 'right', wide: true },
  ];
}

/** The rows of the tab shown (the starred markets of every group on the star tab), searched and sorted. */
function useMarketRows(
  groups: QuotationGroup[] | undefined,
  activeTab: string,
  search: string,
  sort: SortState | null,
) {
  return useMemo(() => {
    const all = groups ?? [];
    const base =
      activeTab === FAVOURITES_TAB
        ? all.flatMap((g) => g.quotation.filter((q) => q.added))
        : (all.find((g) => String(g.id) === activeTab)?.quotation ?? []);
    const query = search.trim().toUpperCase();
    const filtered = query ? base.filter((q) => q.currency_name.toUpperCase().includes(query)) : base;
    return sortQuotation(filtered, sort);
  }, [groups, activeTab, search, sort]);
}

/**
 * The market table of the home and all-markets pages: one tab per quote currency plus the star view
 * (favourites only), a sort toggle on every column header, and prices that flash in place when a
 * `daymarket` push changes them. Rows have a fixed height, so live data never moves the layout.
 */
export function MarketTable({
  groups,
  isPending,
  error,
  onRetry,
  variant = 'compact',
  search = '',
  toolbar,
}: MarketTableProps) {
  const { t } = useTranslation('market');
  const [tab, setTab] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState | null>(null);

  const activeTab = tab ?? (groups?.[0] ? String(groups[0].id) : FAVOURITES_TAB);
  const columns = useMarketColumns(variant);

  const rows = useMarketRows(groups, activeTab, search, sort);

  const tabs = [
    {
      key: FAVOURITES_TAB,
      label: (
        <span className={styles.favTab}>
          <StarIcon size={14} filled={activeTab === FAVOURITES_TAB} />
          {t('favourites')}
        </span>
      ),
    },
    ...(groups ?? []).map((g) => ({ key: String(g.id), label: g.name })),
  ];

  return (
    <div className={`${styles.wrap} ${variant === 'full' ? styles.full : ''}`}>
      <div className={styles.toolbar}>
        <Tabs items={tabs} value={activeTab} onChange={setTab} aria-label={t('groupTabs')} />
        <div className={styles.toolbarEnd}>
          <LiveIndicator />
          {toolbar}
        </div>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table} aria-busy={isPending || undefined} data-testid="market-table">
          <colgroup>
            <col className={styles.colStar} />
            {columns.map((c) => (
              <col key={c.key} className={`${styles[`col_${c.key}`]} ${c.wide ? styles.wide : ''}`} />
            ))}
          </colgroup>
          <SortHead columns={columns} sort={sort} onSort={setSort} />
          <tbody>
            {isPending
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <SkeletonRow key={`s${i}`} columns={columns} />
                ))
              : rows.map((q) => <MarketRow key={q.id} q={q} full={variant === 'full'} />)}
          </tbody>
        </table>
        <TableState
          isPending={isPending}
          error={error}
          hasGroups={Boolean(groups)}
          onRetry={onRetry}
          isEmpty={rows.length === 0}
          isFavourites={activeTab === FAVOURITES_TAB}
          search={search}
        />
      </div>
    </div>
  );
}
