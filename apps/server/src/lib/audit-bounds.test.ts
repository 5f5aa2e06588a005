import { describe, expect, it } from 'vitest';
import { AUDIT_RECORD_MAX, AUDIT_STRING_MAX, boundRecord, subjectIdOf } from './audit-bounds';

describe('audit bounds', () => {
  it('cuts each string on its own, so a padded field leaves the others whole', () => {
    const pad = 'x'.repeat(50_000);
    const r = boundRecord({ note: pad, id: 42, result: 'release', amount: '9999.5' }) as Record<
      string,
      unknown
    >;
    expect(r).toMatchObject({ id: 42, result: 'release', amount: '9999.5' });
    expect(String(r.note).startsWith('x'.repeat(AUDIT_STRING_MAX))).toBe(true);
    expect(String(r.note).length).toBeLessThan(AUDIT_STRING_MAX + 30);
  });

  it('bounds lists, nesting and the whole record, dropping the longest fields first', () => {
    const many = Array.from({ length: 1_000 }, (_, i) => `item-${i}-${'y'.repeat(150)}`);
    const deep = { a: { b: { c: { d: 'hidden' } } } };
    const input: Record<string, unknown> = { id: 7, decision: 'approve', deep };
    for (let i = 0; i < 30; i++) input[`pad${i}`] = many;
    const r = boundRecord(input) as Record<string, unknown>;
    expect(JSON.stringify(r).length).toBeLessThanOrEqual(AUDIT_RECORD_MAX);
    expect(r).toMatchObject({ id: 7, decision: 'approve' });
    expect(JSON.stringify(r.deep)).not.toContain('hidden');
  });

  it('masks secrets at any depth and writes bigints as text', () => {
    const r = boundRecord({ pay_password: 'p', nested: { token: 't', amount: 10n } });
    expect(r).toEqual({ pay_password: '***', nested: { token: '***', amount: '10' } });
  });

  it('finds the subject id a call names', () => {
    expect(subjectIdOf({ id: 5, user_id: 9 })).toBe(5);
    expect(subjectIdOf({ user_id: 9 })).toBe(9);
    expect(subjectIdOf({ reason: 'x' })).toBeUndefined();
  });
});
