import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyIcon } from './icons';
import styles from './ui.module.css';
import { Skeleton } from './skeleton';

export interface Column<T> {
  key: string;
  title: ReactNode;
  /** Cell content; defaults to `row[key]`. */
  render?: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: CSSProperties['width'];
}

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string | number;
  /** First load: skeleton rows instead of the body. */
  loading?: boolean;
  /** Failed load: a message and, with `onRetry`, a retry button. */
  error?: unknown;
  onRetry?: () => void;
  /** Paged lists: `hasMore` shows a load-more button, its absence after rows the "no more" line. */
  paged?: boolean;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  emptyText?: ReactNode;
  onRowClick?: (row: T) => void;
  skeletonRows?: number;
  /**
   * On narrow screens (640 px and less) each row becomes a card: one line per column with its title,
   * so nothing is cut off or scrolled sideways. Columns without a text title (actions) end the card.
   */
  cards?: boolean;
  'aria-label'?: string;
}

/**
 * The list table of every page: loading skeleton, error with retry, "no data" when empty and, for paged
 * lists, "load more" / "no more data" at the end.
 */
export function Table<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  onRetry,
  paged = false,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  emptyText,
  onRowClick,
  skeletonRows = 5,
  cards = false,
  ...aria
}: TableProps<T>) {
  const { t } = useTranslation();
  const cellStyle = (c: Column<T>): CSSProperties => ({ textAlign: c.align ?? 'left', width: c.width });
  const list = rows ?? [];
  const showError = !loading && error !== undefined && error !== null && list.length === 0;

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={`skeleton-${i}`} aria-hidden="true">
        {columns.map((c, ci) => (
          <td key={c.key} style={cellStyle(c)}>
            <Skeleton width={ci === 0 ? '45%' : '70%'} />
          </td>
        ))}
      </tr>
    ));
  } else if (showError) {
    body = (
      <tr>
        <td colSpan={columns.length}>
          <div className={styles.tableState} role="alert">
            <span>{t('state.error')}</span>
            {onRetry && (
              <Button size="sm" variant="secondary" onClick={onRetry}>
                {t('actions.retry')}
              </Button>
            )}
          </div>
        </td>
      </tr>
    );
  } else if (list.length === 0) {
    body = (
      <tr>
        <td colSpan={columns.length}>
          <div className={styles.tableState} data-testid="table-empty">
            <EmptyIcon />
            <span>{emptyText ?? t('state.noData')}</span>
          </div>
        </td>
      </tr>
    );
  } else {
    body = list.map((row, index) => (
      <tr
        key={rowKey(row, index)}
        className={onRowClick ? styles.clickableRow : undefined}
        onClick={onRowClick ? () => onRowClick(row) : undefined}
      >
        {columns.map((c) => (
          <td
            key={c.key}
            style={cellStyle(c)}
            data-label={cards && typeof c.title === 'string' && c.title ? c.title : undefined}
          >
            {c.render ? c.render(row, index) : String((row as Record<string, unknown>)[c.key] ?? '')}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className={styles.tableWrap}>
      <table
        className={`${styles.table} ${cards ? styles.table_cards : ''}`}
        aria-busy={loading || undefined}
        {...aria}
      >
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} style={cellStyle(c)} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
      {paged && !loading && list.length > 0 && (
        <div className={styles.tableFooter}>
          {hasMore ? (
            <Button size="sm" variant="secondary" loading={loadingMore} onClick={onLoadMore}>
              {t('actions.loadMore')}
            </Button>
          ) : (
            <span className={styles.noMore}>{t('state.noMore')}</span>
          )}
        </div>
      )}
    </div>
  );
}
