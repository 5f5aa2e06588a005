import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { QuotationItem } from '@oryx/contracts/market/calls';
import { buttonClass } from '../ui/button';
import { EmptyIcon } from '../ui/icons';
import { Skeleton } from '../ui/skeleton';
import { Button } from '../ui/button';
import { changeSign, formatChange, groupDigits } from '../lib/display-decimal';
import { loginPath } from '../lib/login-redirect';
import { useIsLoggedIn } from '../session/session';
import { useToggleFavourite } from './favourites';
import { StarIcon } from './star-icon';
import { useFlash } from './use-flash';
import { dealCenterPath, useSocketConnected } from './quotation';
import { nextSort, type SortKey, type SortState } from './sort';
import styles from './market-table.module.css';

export interface ColumnDef {
  key: SortKey | 'action';
  label: string;
  align: 'left' | 'right';
  /** Hidden on phone widths. */
  wide?: boolean;
}

/** The last price, flashing up or down in place when a push changes it. */
export function PriceCell({ item }: { item: QuotationItem }) {
  const flash = useFlash(item.now_price);
  return (
    <span className={`${styles.price} ${flash ? styles[`flash_${flash}`] : ''}`} data-testid="market-price">
      {groupDigits(item.now_price)}
    </span>
  );
}

/** The day's change, coloured by its sign. */
export function ChangeCell({ change }: { change: string }) {
  const sign = changeSign(change);
  return (
    <span className={`${styles.change} ${sign > 0 ? styles.change_up : sign < 0 ? styles.change_down : ''}`}>
      {formatChange(change)}
    </span>
  );
}

/** Stars or unstars the market (a visitor goes to log in first). */
export function StarButton({ item }: { item: QuotationItem }) {
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

/** Whether live pushes arrive (the socket is connected). */
export function LiveIndicator() {
  const { t } = useTranslation('market');
  const live = useSocketConnected();
  return (
    <span
      className={`${styles.live} ${live ? styles.live_on : ''}`}
      data-testid="live-indicator"
      data-live={live}
    >
      <span className={styles.liveDot} aria-hidden="true" />
      {t('live')}
    </span>
  );
}

interface SortHeadProps {
  columns: ColumnDef[];
  sort: SortState | null;
  onSort: Dispatch<SetStateAction<SortState | null>>;
}

/** The column headers, each a sort toggle (ascending, descending, off) but the action column. */
export function SortHead({ columns, sort, onSort }: SortHeadProps) {
  const { t } = useTranslation('market');
  return (
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
                  onClick={() => onSort((s) => nextSort(s, c.key as SortKey))}
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
  );
}

/** A row's placeholder while the quotation loads. */
export function SkeletonRow({ columns }: { columns: ColumnDef[] }) {
  return (
    <tr className={styles.row} aria-hidden="true">
      <td className={styles.starCell} />
      {columns.map((c) => (
        <td key={c.key} className={`${c.align === 'right' ? styles.right : ''} ${c.wide ? styles.wide : ''}`}>
          <Skeleton inline width={64} />
        </td>
      ))}
    </tr>
  );
}

/** One market: star, pair, price, change (high and low in the full table), volume, trade link. */
export function MarketRow({ q, full }: { q: QuotationItem; full: boolean }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  return (
    <tr
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
      {full && (
        <>
          <td className={`${styles.right} ${styles.wide} ${styles.muted}`}>{q.high}</td>
          <td className={`${styles.right} ${styles.wide} ${styles.muted}`}>{q.low}</td>
        </>
      )}
      <td className={`${styles.right} ${styles.wide} ${styles.muted}`}>{groupDigits(q.volume)}</td>
      <td className={`${styles.right} ${styles.wide}`}>
        <Link to={dealCenterPath(q)} className={buttonClass({ size: 'sm', variant: 'secondary' })}>
          {t('trade')}
        </Link>
      </td>
    </tr>
  );
}

interface TableStateProps {
  isPending: boolean;
  error: unknown;
  hasGroups: boolean;
  onRetry: () => void;
  isEmpty: boolean;
  isFavourites: boolean;
  search: string;
}

/** What shows under the table instead of rows: the load error with a retry, or why there are none. */
export function TableState({
  isPending,
  error,
  hasGroups,
  onRetry,
  isEmpty,
  isFavourites,
  search,
}: TableStateProps) {
  const { t } = useTranslation('market');
  const { t: tc } = useTranslation();
  const loggedIn = useIsLoggedIn();
  if (!isPending && error && !hasGroups) {
    return (
      <div className={styles.state} role="alert">
        <span>{t('loadError')}</span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  }
  if (isPending || !isEmpty) return null;
  const message =
    isFavourites && !loggedIn ? (
      <>
        <span>{t('loginToStar')}</span>
        <Link className={buttonClass({ size: 'sm' })} to="/components/login">
          {tc('account.login')}
        </Link>
      </>
    ) : isFavourites && !search.trim() ? (
      <span>{t('noFavourites')}</span>
    ) : search.trim() ? (
      <span>{t('noMatch', { query: search.trim() })}</span>
    ) : (
      <span>{tc('state.noData')}</span>
    );
  return (
    <div className={styles.state} data-testid="market-empty">
      <EmptyIcon />
      {message}
    </div>
  );
}
