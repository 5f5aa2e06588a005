import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { QuotationGroup, QuotationItem } from '@oryx/contracts/market/calls';
import { loginPath } from '../lib/login-redirect';
import { useIsLoggedIn } from '../session/session';
import { Button, buttonClass } from '../ui/button';
import { EmptyIcon } from '../ui/icons';
import { Tabs } from '../ui/tabs';
import { changeSign, formatChange, groupDigits } from '../lib/display-decimal';
import { useToggleFavourite } from './favourites';
import { dealCenterPath, useSocketConnected } from './quotation';
import { nextSort, sortQuotation, type SortKey, type SortState } from './sort';
import { StarIcon } from './star-icon';
import { useFlash } from './use-flash';
import styles from './market-table.module.css';
import { Skeleton } from '../ui/skeleton';

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

interface ColumnDef {
  key: SortKey | 'action';
  label: string;
  align: 'left' | 'right';
  /** Hidden on phone widths. */
  wide?: boolean;
}

function PriceCell({ item }: { item: QuotationItem }) {
  const flash = useFlash(item.now_price);
  return (
    <span className={`${styles.price} ${flash ? styles[`flash_${flash}`] : ''}`} data-testid="market-price">
      {groupDigits(item.now_price)}
    </span>
  );
}

function ChangeCell({ change }: { change: string }) {
  const sign = changeSign(change);
  return (
    <span className={`${styles.change} ${sign > 0 ? styles.change_up : sign < 0 ? styles.change_down : ''}`}>
      {formatChange(change)}
    </span>
  );
}

function StarButton({ item }: { item: QuotationItem }) {
  const { t } = useTranslation('market');
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useToggleFavourite();
  const label = t(item.added ? 'unstar' : 'star', { symbol: item.symbol });
  return (
    <button
      type="button"
      className={`${styles.star} ${item.added ? styles.star_on : ''}`}
      aria-label={label}
      aria-pressed={item.added}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        if (!loggedIn) return navigate(loginPath(`${location.pathname}${location.search}`));
        toggle.mutate({ id: item.id, added: !item.added });
      }}
    >
      <StarIcon filled={item.added} />
    </button>
  );
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
  const { t: tc } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const live = useSocketConnected();
  const [tab, setTab] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState | null>(null);

  const activeTab = tab ?? (groups?.[0] ? String(groups[0].id) : FAVOURITES_TAB);
  const columns: ColumnDef[] = [
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

  const rows = useMemo(() => {
    const all = groups ?? [];
    const base =
      activeTab === FAVOURITES_TAB
        ? all.flatMap((g) => g.quotation.filter((q) => q.added))
        : (all.find((g) => String(g.id) === activeTab)?.quotation ?? []);
    const query = search.trim().toUpperCase();
    const filtered = query ? base.filter((q) => q.currency_name.toUpperCase().includes(query)) : base;
    return sortQuotation(filtered, sort);
  }, [groups, activeTab, search, sort]);

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

  let state: ReactNode = null;
  if (!isPending && error && !groups) {
    state = (
      <div className={styles.state} role="alert">
        <span>{t('loadError')}</span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  } else if (!isPending && rows.length === 0) {
    const message =
      activeTab === FAVOURITES_TAB && !loggedIn ? (
        <>
          <span>{t('loginToStar')}</span>
          <Link className={buttonClass({ size: 'sm' })} to="/components/login">
            {tc('account.login')}
          </Link>
        </>
      ) : activeTab === FAVOURITES_TAB && !search.trim() ? (
        <span>{t('noFavourites')}</span>
      ) : search.trim() ? (
        <span>{t('noMatch', { query: search.trim() })}</span>
      ) : (
        <span>{tc('state.noData')}</span>
      );
    state = (
      <div className={styles.state} data-testid="market-empty">
        <EmptyIcon />
        {message}
      </div>
    );
  }

  return (
    <div className={`${styles.wrap} ${variant === 'full' ? styles.full : ''}`}>
      <div className={styles.toolbar}>
        <Tabs items={tabs} value={activeTab} onChange={setTab} aria-label={t('groupTabs')} />
        <div className={styles.toolbarEnd}>
          <span
            className={`${styles.live} ${live ? styles.live_on : ''}`}
            data-testid="live-indicator"
            data-live={live}
          >
            <span className={styles.liveDot} aria-hidden="true" />
            {t('live')}
          </span>
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
          <thead>
            <tr>
              <th scope="col" className={styles.starHead}>
                <span className={styles.visuallyHidden}>{t('favourites')}</span>
              </th>
              {columns.map((c) => {
                const sorted = sort?.key === c.key ? sort.dir : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={`${c.align === 'right' ? styles.right : ''} ${c.wide ? styles.wide : ''}`}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {c.key === 'action' ? (
                      <span className={styles.visuallyHidden}>{c.label}</span>
                    ) : (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => setSort((s) => nextSort(s, c.key as SortKey))}
                        data-testid={`sort-${c.key}`}
                      >
                        {c.label}
                        <span className={styles.sortArrows} aria-hidden="true">
                          <span className={sorted === 'asc' ? styles.arrowOn : ''}>▲</span>
                          <span className={sorted === 'desc' ? styles.arrowOn : ''}>▼</span>
                        </span>
                        {sorted && (
                          <span className={styles.visuallyHidden}>
                            {t(sorted === 'asc' ? 'sortAsc' : 'sortDesc')}
                          </span>
                        )}
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {isPending
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={`s${i}`} className={styles.row} aria-hidden="true">
                    <td className={styles.starCell} />
                    {columns.map((c) => (
                      <td
                        key={c.key}
                        className={`${c.align === 'right' ? styles.right : ''} ${c.wide ? styles.wide : ''}`}
                      >
                        <Skeleton inline width={64} />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((q) => (
                  <tr
                    key={q.id}
                    className={`${styles.row} ${styles.row_link}`}
                    data-testid="market-row"
                    data-symbol={q.symbol}
                    // A click anywhere on the row opens its market, like the pair and trade links (which
                    // keyboard users reach); the star and the links act on their own.
                    onClick={(e) => {
                      if ((e.target as Element).closest('a, button')) return;
                      navigate(dealCenterPath(q));
                    }}
                  >
                    <td className={styles.starCell}>
                      <StarButton item={q} />
                    </td>
                    <td>
                      <Link to={dealCenterPath(q)} className={styles.pair}>
                        <span className={styles.coin}>{q.currency_name}</span>
                        <span className={styles.quote}>/{q.legal_name}</span>
                      </Link>
                    </td>
                    <td className={styles.right}>
                      <PriceCell item={q} />
                    </td>
                    <td className={styles.right}>
                      <ChangeCell change={q.change} />
                    </td>
                    {variant === 'full' && (
                      <>
                        <td className={`${styles.right} ${styles.wide} ${styles.muted}`}>{q.high}</td>
                        <td className={`${styles.right} ${styles.wide} ${styles.muted}`}>{q.low}</td>
                      </>
                    )}
                    <td className={`${styles.right} ${styles.wide} ${styles.muted}`}>
                      {groupDigits(q.volume)}
                    </td>
                    <td className={`${styles.right} ${styles.wide}`}>
                      <Link
                        to={dealCenterPath(q)}
                        className={buttonClass({ size: 'sm', variant: 'secondary' })}
                      >
                        {t('trade')}
                      </Link>
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
        {state}
      </div>
    </div>
  );
}
