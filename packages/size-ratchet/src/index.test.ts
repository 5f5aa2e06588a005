import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionLengths, lineCount, measure, ratchetProblems } from './index';

describe('size ratchet measuring', () => {
  it('measures functions by name, nested ones on their own', () => {
    const m = functionLengths(
      'x.ts',
      [
        'export function outer() {',
        '  const inner = () => {',
        '    return 1;',
        '  };',
        '  return inner();',
        '}',
        'class K {',
        '  run(): void {}',
        '}',
        'app.get("/", async () => {',
        '  return 2;',
        '});',
        'const twice = () => 1;',
        'function twice2() { const twice = () => 2; const again = () => 3; return twice() + again(); }',
      ].join('\n'),
    );
    expect(Object.fromEntries(m)).toEqual({
      outer: 6,
      'outer > inner': 3,
      'K.run': 1,
      'app.get(…)': 3,
      twice: 1,
      twice2: 1,
      'twice2 > twice': 1,
      'twice2 > again': 1,
    });
  });

  it('counts lines without the final newline', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it('fails on what is new, grew, shrank or is gone, and passes what is allowed at its size', () => {
    const measured = new Map([
      ['new', 71],
      ['grew', 90],
      ['same', 80],
      ['shrank', 75],
      ['fits', 70],
    ]);
    const allow = { grew: 85, same: 80, shrank: 78, fits: 72, gone: 99 };
    expect(ratchetProblems(measured, 70, allow)).toEqual([
      'new: 71 lines (max 70)',
      'grew: 90 lines, grew past its allowance of 85',
      'shrank: 75 lines, shrank (lower its allowance from 78)',
      'fits: 70 lines, fits now (remove the entry)',
      'gone: allowed but gone (remove the entry)',
    ]);
  });

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'size-ratchet-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('measures the source files under a root, leaving out tests, node_modules and dist', () => {
    fs.mkdirSync(path.join(root, 'a', 'node_modules'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'a', 'b.tsx'), 'export function B() {\n  return 1;\n}\n');
    fs.writeFileSync(path.join(root, 'c.ts'), 'export const c = 1;\n');
    fs.writeFileSync(path.join(root, 'c.test.ts'), 'it();\n');
    fs.writeFileSync(path.join(root, 'a', 'node_modules', 'd.ts'), 'x;\n');
    fs.writeFileSync(path.join(root, 'dist', 'e.ts'), 'x;\n');
    fs.writeFileSync(path.join(root, 'notes.md'), 'x\n');
    const m = measure(root);
    expect(Object.fromEntries(m.files)).toEqual({ 'a/b.tsx': 3, 'c.ts': 1 });
    expect(Object.fromEntries(m.functions)).toEqual({ 'a/b.tsx :: B': 3 });
  });
});
