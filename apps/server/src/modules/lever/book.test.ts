/**
 * The in-memory index of live orders: loads from the table, applies changes made while a load runs after
 * it (in order), drops what closes, reloads after `invalidate`.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection';
import { LeverBook } from './book';
import type { LeverOrder } from './repo';

const row = (id: number, patch: Partial<LeverOrder> = {}): LeverOrder =>
  ({
    id,
    user_id: 1,
    market_id: 1,
    legal_id: 1,
    type: 1,
    status: 1,
    number_minor: 1_000_000n,
    origin_price_minor: 1n,
    price_minor: 1n,
    margin_minor: 1n,
    target_profit_minor: 0n,
    stop_loss_minor: 0n,
    ...patch,
  }) as LeverOrder;

/** A database whose one query (the load) answers when the test says so. */
function fakeDb() {
  let answer: (rows: LeverOrder[]) => void = () => {};
  let loads = 0;
  const chain = {
    selectAll: () => chain,
    where: () => chain,
    orderBy: () => chain,
    execute: () => {
      loads++;
      return new Promise<LeverOrder[]>((resolve) => (answer = resolve));
    },
  };
  return {
    db: { selectFrom: () => chain } as unknown as Db,
    answer: (rows: LeverOrder[]) => answer(rows),
    loads: () => loads,
  };
}

const ids = (b: LeverBook) => [...b.entries()].map((e) => e.row.id).sort((x, y) => x - y);

describe('LeverBook', () => {
  it('applies the changes made during a load after it, in order', async () => {
    const f = fakeDb();
    const book = new LeverBook(f.db);
    const ready = book.ready();
    book.put(row(2)); // opened while the table was being read
    book.drop(1); // closed meanwhile
    book.put(row(3, { status: 0 }));
    book.put(row(3, { status: 4 })); // ... and revoked
    f.answer([row(1), row(4)]);
    await ready;
    expect(ids(book)).toEqual([2, 4]);
    expect(book.get(2)?.ev).toMatchObject({ id: 2, key: '1:1', status: 1 });
  });

  it('keeps owners’ orders newest first, drops closed ones, reloads after invalidate', async () => {
    const f = fakeDb();
    const book = new LeverBook(f.db);
    const ready = book.ready();
    f.answer([row(1), row(2, { user_id: 2 }), row(3)]);
    await ready;
    expect(book.ofOwner(1, 1).map((o) => o.id)).toEqual([3, 1]);
    book.put(row(3, { status: 3 }));
    expect(book.ofOwner(1, 1).map((o) => o.id)).toEqual([1]);
    expect(book.size).toBe(2);
    book.invalidate();
    book.put(row(9)); // not loaded: the reload reads it from the table
    const again = book.ready();
    expect(f.loads()).toBe(2);
    f.answer([row(1), row(9)]);
    await again;
    expect(ids(book)).toEqual([1, 9]);
  });

  it('a load under way when the index is invalidated is followed by another', async () => {
    const f = fakeDb();
    const book = new LeverBook(f.db);
    const ready = book.ready();
    book.invalidate(); // e.g. the overnight job committed while the table was being read
    f.answer([row(1, { margin_minor: 5n })]);
    await new Promise((r) => setTimeout(r, 0));
    expect(f.loads()).toBe(2);
    f.answer([row(1, { margin_minor: 4n })]);
    await ready;
    expect(book.get(1)?.ev.marginMinor).toBe(4n);
  });

  it('tells its writers’ changes to onWrite, not what it learns from other processes', async () => {
    const f = fakeDb();
    const book = new LeverBook(f.db);
    const told: unknown[] = [];
    book.onWrite = (w) => told.push(w);
    const ready = book.ready();
    f.answer([row(1)]);
    await ready;
    book.put(row(2));
    book.drop(1);
    book.learn({ kind: 'put', row: row(3) });
    book.learn({ kind: 'drop', id: 2 });
    expect(ids(book)).toEqual([3]);
    book.invalidateEverywhere();
    expect(told).toEqual([{ kind: 'put', id: 2 }, { kind: 'drop', id: 1 }, { kind: 'reload' }]);
    expect(book.isTakingChanges).toBe(false);
  });
});
