import { describe, expect, it } from 'vitest';
import { SqliteDatabase } from './sqlite';

function open(): SqliteDatabase {
  const db = new SqliteDatabase(':memory:');
  db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, amount_minor INTEGER NOT NULL, note TEXT)').run([]);
  return db;
}

describe('the SQLite binding as Kysely sees it', () => {
  it('keeps 64-bit integers exact both ways', () => {
    const db = open();
    const values = [
      10n ** 18n,
      9_223_372_036_854_775_807n,
      -9_223_372_036_854_775_808n,
      9_007_199_254_740_993n,
    ];
    for (const v of values) db.prepare('INSERT INTO t (amount_minor) VALUES (?)').run([v]);
    const rows = db.prepare('SELECT amount_minor FROM t ORDER BY id').all([]);
    expect(rows.map((r) => r.amount_minor)).toEqual(values);
    const sum2 = db.prepare('SELECT SUM(amount_minor) + 0 AS s FROM t WHERE id IN (1, 4)').all([]);
    expect(sum2).toEqual([{ s: 10n ** 18n + 9_007_199_254_740_993n }]);
  });

  it('reports changes and the new row id, and tells statements that return rows', () => {
    const db = open();
    const insert = db.prepare('INSERT INTO t (amount_minor, note) VALUES (?, ?)');
    expect(insert.reader).toBe(false);
    expect(insert.run([5n, 'a'])).toMatchObject({ changes: 1n, lastInsertRowid: 1n });
    const returning = db.prepare('INSERT INTO t (amount_minor, note) VALUES (?, ?) RETURNING id, note');
    expect(returning.reader).toBe(true);
    expect(returning.all([6n, 'b'])).toEqual([{ id: 2n, note: 'b' }]);
    expect(db.prepare('UPDATE t SET note = ?').run(['c'])).toMatchObject({ changes: 2n });
  });

  it('returns plain objects', () => {
    const db = open();
    db.prepare('INSERT INTO t (amount_minor, note) VALUES (1, NULL)').run([]);
    const [row] = db.prepare('SELECT * FROM t').all([]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toStrictEqual({ id: 1n, amount_minor: 1n, note: null });
  });

  it('hands out a fresh statement while the cached one is still streaming', () => {
    const db = open();
    for (let i = 1; i <= 3; i++) db.prepare('INSERT INTO t (amount_minor) VALUES (?)').run([BigInt(i)]);
    const sql = 'SELECT amount_minor FROM t ORDER BY id';
    const streamed: unknown[] = [];
    for (const row of db.prepare(sql).iterate([])) {
      streamed.push(row.amount_minor);
      expect(db.prepare(sql).all([])).toHaveLength(3);
    }
    expect(streamed).toEqual([1n, 2n, 3n]);
  });

  it('sees a column added after a statement was cached', () => {
    const db = open();
    db.prepare('INSERT INTO t (amount_minor) VALUES (1)').run([]);
    expect(Object.keys(db.prepare('SELECT * FROM t').all([])[0]!)).toEqual(['id', 'amount_minor', 'note']);
    db.prepare('ALTER TABLE t ADD COLUMN extra TEXT').run([]);
    expect(Object.keys(db.prepare('SELECT * FROM t').all([])[0]!)).toEqual([
      'id',
      'amount_minor',
      'note',
      'extra',
    ]);
  });

  it('reads pragmas and reports constraint errors by message', () => {
    const db = open();
    expect(db.pragma('foreign_keys = ON')).toEqual([]);
    expect(db.pragma('foreign_keys')).toEqual([{ foreign_keys: 1n }]);
    db.prepare('CREATE TABLE u (email TEXT UNIQUE)').run([]);
    db.prepare("INSERT INTO u VALUES ('a')").run([]);
    expect(() => db.prepare("INSERT INTO u VALUES ('a')").run([])).toThrow(/UNIQUE constraint failed/);
  });
});
