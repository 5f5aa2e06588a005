import { describe, expect, it, vi } from 'vitest';
import { pagedTable, type PagedQuery } from './paged-table';

function query(over: Partial<PagedQuery<{ data: number[] }>> = {}): PagedQuery<{ data: number[] }> {
  return {
    data: { pages: [{ data: [1, 2] }, { data: [3] }] },
    isPending: false,
    error: null,
    refetch: vi.fn(),
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    ...over,
  };
}

describe('pagedTable', () => {
  it('lists the rows of every loaded page, in order, as a paged table', () => {
    const props = pagedTable(query(), (p) => p.data);
    expect(props).toMatchObject({ rows: [1, 2, 3], loading: false, error: null, paged: true, hasMore: true });
    expect(props.loadingMore).toBe(false);
  });

  it('has no rows before the first page, and loads while pending', () => {
    const props = pagedTable(query({ data: undefined, isPending: true, hasNextPage: false }), (p) => p.data);
    expect(props.rows).toBeUndefined();
    expect(props.loading).toBe(true);
    expect(props.hasMore).toBe(false);
  });

  it('retries with a refetch and loads more with the next page', () => {
    const q = query({ isFetchingNextPage: true, error: new Error('down') });
    const props = pagedTable(q, (p) => p.data);
    expect(props.loadingMore).toBe(true);
    expect(props.error).toBeInstanceOf(Error);
    props.onRetry?.();
    props.onLoadMore?.();
    expect(q.refetch).toHaveBeenCalledTimes(1);
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
