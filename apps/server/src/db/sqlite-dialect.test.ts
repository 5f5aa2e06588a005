import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SqliteDatabase } from './sqlite';
import { QueuedSqliteDialect } from './sqlite-dialect';

interface T {
  t: { id: number; n: number };
}

async function open(): Promise<Kysely<T>> {
  const db = new Kysely<T>({
    dialect: new QueuedSqliteDialect({ database: new SqliteDatabase(':memory:') }),
  });
  await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(db);
  return db;
}

describe('the queued SQLite dialect', () => {
  it('runs concurrent queries one at a time, in the order they were asked', async () => {
    const db = await open();
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db
          .insertInto('t')
          .values({ id: i + 1, n: i })
          .execute()
          .then(() => done.push(i)),
      ),
    );
    expect(done).toEqual(Array.from({ length: 200 }, (_, i) => i));
    const rows = await db
      .selectFrom('t')
      .select((eb) => eb.fn.countAll<bigint>().as('c'))
      .execute();
    expect(Number(rows[0]!.c)).toBe(200);
    await db.destroy();
  });

  it('keeps its order under a queue that never empties (the served part is dropped as it goes)', async () => {
    const db = await open();
    const done: number[] = [];
    let asked = 0;
    const ask = (): Promise<unknown> => {
      const i = asked++;
      return db
        .insertInto('t')
        .values({ id: i + 1, n: i })
        .execute()
        .then(() => {
          done.push(i);
          // Each answer asks again, so 1,500 stay waiting until 5,000 were asked.
          return asked < 5_000 ? ask() : undefined;
        });
    };
    await Promise.all(Array.from({ length: 1_500 }, ask));
    expect(done).toEqual(Array.from({ length: 5_000 }, (_, i) => i));
    await db.destroy();
  });

  it('keeps the connection for a transaction until it ends: queries asked meanwhile wait', async () => {
    const db = await open();
    const seen: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const trx = db.transaction().execute(async (tx) => {
      await tx.insertInto('t').values({ id: 1, n: 1 }).execute();
      inside();
      await new Promise((r) => setTimeout(r, 20));
      await tx.updateTable('t').set({ n: 2 }).where('id', '=', 1).execute();
      seen.push('transaction');
    });
    await entered;
    const read = db
      .selectFrom('t')
      .select('n')
      .execute()
      .then((rows) => seen.push(`read ${rows.map((r) => Number(r.n)).join()}`));
    await Promise.all([trx, read]);
    expect(seen).toEqual(['transaction', 'read 2']);
    await db.destroy();
  });

  it('hands the connection on after a failed query and a rolled back transaction', async () => {
    const db = await open();
    await expect(sql`SELECT * FROM missing`.execute(db)).rejects.toThrow();
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ id: 1, n: 1 }).execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const [a, b] = await Promise.all([
      db.selectFrom('t').selectAll().execute(),
      db.insertInto('t').values({ id: 2, n: 2 }).execute(),
    ]);
    expect(a).toEqual([]);
    expect(b).toHaveLength(1);
    await db.destroy();
  });
});
