import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { median, specFiles, splitByDuration, updatedDurations } from './e2e-shards.mjs';

const e2eDir = fileURLToPath(new URL('../apps/web/e2e', import.meta.url));

/** Every file once, in one shard only. */
function expectPartition(shards: { files: string[] }[], files: string[]) {
  const all = shards.flatMap((s) => s.files);
  expect([...all].sort()).toEqual([...files].sort());
  expect(new Set(all).size).toBe(all.length);
}

describe('splitting the browser journeys into shards', () => {
  it('puts the longest files first onto the least-loaded shard', () => {
    const durations = {
      'a.spec.ts': 100,
      'b.spec.ts': 60,
      'c.spec.ts': 50,
      'd.spec.ts': 40,
      'e.spec.ts': 30,
    };
    const { shards, unrecorded } = splitByDuration(Object.keys(durations), durations, 2);
    // a → 1; b → 2; c → 2 (60 < 100); d → 1 (100 < 110); e → 2 (110 < 140).
    expect(shards).toEqual([
      { files: ['a.spec.ts', 'd.spec.ts'], ms: 140 },
      { files: ['b.spec.ts', 'c.spec.ts', 'e.spec.ts'], ms: 140 },
    ]);
    expect(unrecorded).toEqual([]);
  });

  it('counts a file without a record as the median of the recorded ones', () => {
    const durations = { 'a.spec.ts': 10, 'b.spec.ts': 20, 'c.spec.ts': 90, 'gone.spec.ts': 1_000 };
    const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'new.spec.ts'];
    const { shards, unrecorded } = splitByDuration(files, durations, 2);
    expect(unrecorded).toEqual(['new.spec.ts']);
    // The median of 10, 20 and 90 (the removed file's record is not counted): 20.
    expect(shards.reduce((ms, s) => ms + s.ms, 0)).toBe(10 + 20 + 90 + 20);
    expectPartition(shards, files);
  });

  it('leaves no file out and makes no empty shard, whatever the record and the count', () => {
    for (const count of [1, 2, 3, 5, 8]) {
      for (const n of [1, 2, 3, 7, 20]) {
        const files = Array.from({ length: n }, (_, i) => `f${i}.spec.ts`);
        const durations = Object.fromEntries(
          files.filter((_, i) => i % 3).map((f, i) => [f, (i * 7919) % 97]),
        );
        const { shards } = splitByDuration(files, durations, count);
        expect(shards).toHaveLength(Math.min(count, n));
        for (const s of shards) expect(s.files.length).toBeGreaterThan(0);
        expectPartition(shards, files);
      }
    }
    expect(splitByDuration([], {}, 3).shards).toEqual([]);
    // No record at all: every file weighs the same, so the counts differ by one at most.
    const { shards } = splitByDuration(['a', 'b', 'c', 'd', 'e'], {}, 2);
    expect(shards.map((s) => s.files.length)).toEqual([3, 2]);
  });

  it('covers every spec file in the repository with the committed record', () => {
    const files = specFiles(e2eDir);
    expect(files).toContain('auth.spec.ts');
    const durations = JSON.parse(fs.readFileSync(path.join(e2eDir, 'durations.json'), 'utf8'));
    for (const ms of Object.values(durations)) expect(typeof ms).toBe('number');
    for (const count of [1, 2, 3, 4]) expectPartition(splitByDuration(files, durations, count).shards, files);
  });

  it('takes a median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
    expect(median([])).toBe(0);
  });
});

describe('refreshing the record from Playwright reports', () => {
  const report = (file: string, durations: number[], status = 'expected') => ({
    suites: [
      {
        file,
        specs: [],
        suites: [{ specs: durations.map((duration) => ({ tests: [{ status, results: [{ duration }] }] })) }],
      },
    ],
  });

  it("sums a file's tests, moves a record half way, keeps files no report ran, drops files that are gone, and skips failed files", () => {
    const previous = { 'a.spec.ts': 5_000, 'b.spec.ts': 7_000, 'c.spec.ts': 9_000, 'gone.spec.ts': 1_000 };
    const next = updatedDurations(
      previous,
      [
        report('a.spec.ts', [1_200, 1_800]),
        report('c.spec.ts', [400], 'unexpected'),
        report('d.spec.ts', [3_400]),
      ],
      ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts'],
    );
    // a: (5 + 3) / 2; d: no record yet, its figure rounded to whole seconds.
    expect(next).toEqual({ 'a.spec.ts': 4_000, 'b.spec.ts': 7_000, 'c.spec.ts': 9_000, 'd.spec.ts': 3_000 });
    expect(Object.keys(next)).toEqual(['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts']);
  });
});
