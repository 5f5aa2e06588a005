/**
 * A ratchet on size: no server source file over FILE_LINES_MAX lines, no function over
 * FUNCTION_LINES_MAX lines. Big files and long functions hide several jobs; splitting them along their
 * jobs keeps each part readable and testable on its own. Tests and benchmarks are not scanned.
 *
 * The allow-lists below name today's exceptions with their current size. A listed file or function may
 * shrink (lower its number here when it does, or remove the entry once it fits), never grow: the test
 * fails when one exceeds its listed size, and also when an entry is stale (the file or function is gone
 * or already fits), so the list stays honest.
 *
 * Function lengths are measured with the TypeScript compiler API: from the line of the function's first
 * token to the line of its last, inclusive. A function nested in another counts on its own, and inside
 * its parent too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcRoot = path.dirname(fileURLToPath(import.meta.url));

export const FILE_LINES_MAX = 400;
export const FUNCTION_LINES_MAX = 70;

/** Files over FILE_LINES_MAX today (path under apps/server/src -> lines). May only shrink. */
const FILE_ALLOW: Record<string, number> = {
  // The matching engine's hot path, kept in one file and tuned as a whole (engine/README.md).
  'modules/spot/engine/fast-book.ts': 461,
  // The wallet's balances with valuations, transfers between a user's own wallets, and the balance logs
  // (deposits and withdrawals live in modules/funding).
  'modules/wallet/service.ts': 434,
};

/**
 * Functions over FUNCTION_LINES_MAX today (`path :: name` -> lines). May only shrink. Names as
 * `functionLengths` gives them: `Class.method`, the variable or property an arrow is assigned to, or the
 * call an anonymous callback is passed to (`app.get(…)`), each prefixed with its enclosing functions.
 */
const FUNCTION_ALLOW: Record<string, number> = {
  // The ledger's group flush: balances, journal rows and checks in one pass.
  'modules/ledger/batch.ts :: LedgerBatch.flush': 83,
  // The engine's place, one inlined loop on the hot path (engine/README.md).
  'modules/spot/engine/fast-book.ts :: FastOrderBook.place': 106,
  // The reference engine's place: the same loop written plainly, read side by side with the fast one.
  'modules/spot/engine/reference-book.ts :: ReferenceOrderBook.place': 73,
  // The throttled socket pushes of one commit.
  'modules/spot/events.ts :: SpotPublisher.push': 75,
  // The PostgreSQL advisory lock and its keep-alive.
  'modules/spot/ownership.ts :: postgresOwnership': 84,
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

function lineCount(text: string): number {
  const lines = text.split('\n');
  return lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
}

const classNameOf = (node: ts.Node): string =>
  ts.isClassLike(node) && node.name ? node.name.text : '<class>';

function nameOf(node: ts.FunctionLikeDeclaration, sf: ts.SourceFile): string {
  const parent = node.parent;
  if (ts.isConstructorDeclaration(node)) return `${classNameOf(parent)}.constructor`;
  if (
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  ) {
    const own = node.name.getText(sf);
    return ts.isClassLike(parent) ? `${classNameOf(parent)}.${own}` : own;
  }
  if (ts.isFunctionDeclaration(node)) return node.name?.text ?? 'default';
  if (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(sf).replace(/\s+/g, '')}(…)`;
  if (ts.isFunctionExpression(node) && node.name) return node.name.text;
  return '<anonymous>';
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  );
}

/** Every function with a body in `text`, by qualified name, with its length in lines. */
export function functionLengths(fileName: string, text: string): Map<string, number> {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out = new Map<string, number>();
  const visit = (node: ts.Node, outer: string): void => {
    let scope = outer;
    if (isFunctionLike(node) && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const own = outer ? `${outer} > ${nameOf(node, sf)}` : nameOf(node, sf);
      let name = own;
      for (let n = 2; out.has(name); n++) name = `${own}#${n}`;
      out.set(name, last - first + 1);
      scope = name;
    }
    ts.forEachChild(node, (child) => visit(child, scope));
  };
  visit(sf, '');
  return out;
}

interface Measured {
  files: Map<string, number>;
  functions: Map<string, number>;
}

function measure(): Measured {
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const full of sourceFiles(srcRoot)) {
    const rel = path.relative(srcRoot, full).split(path.sep).join('/');
    const text = fs.readFileSync(full, 'utf8');
    files.set(rel, lineCount(text));
    for (const [name, lines] of functionLengths(rel, text)) functions.set(`${rel} :: ${name}`, lines);
  }
  return { files, functions };
}

/** What breaks the ratchet: sizes over the limit and not allowed, allowances exceeded or stale. */
function ratchetProblems(
  measured: Map<string, number>,
  max: number,
  allow: Record<string, number>,
): string[] {
  const problems: string[] = [];
  for (const [key, size] of measured) {
    if (size <= max) continue;
    const allowed = allow[key];
    if (allowed === undefined) problems.push(`${key}: ${size} lines (max ${max})`);
    else if (size > allowed) problems.push(`${key}: ${size} lines, grew past its allowance of ${allowed}`);
  }
  for (const [key, allowed] of Object.entries(allow)) {
    const size = measured.get(key);
    if (size === undefined) problems.push(`${key}: allowed but gone (remove the entry)`);
    else if (size <= max) problems.push(`${key}: ${size} lines, fits now (remove the entry)`);
    else if (size < allowed)
      problems.push(`${key}: ${size} lines, shrank (lower its allowance from ${allowed})`);
  }
  return problems;
}

describe('size ratchet', () => {
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
      ].join('\n'),
    );
    expect(Object.fromEntries(m)).toEqual({
      outer: 6,
      'outer > inner': 3,
      'K.run': 1,
      'app.get(…)': 3,
    });
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

  it('keeps every source file within its line limit', () => {
    expect(ratchetProblems(measure().files, FILE_LINES_MAX, FILE_ALLOW)).toEqual([]);
  });

  it('keeps every function within its line limit', () => {
    expect(ratchetProblems(measure().functions, FUNCTION_LINES_MAX, FUNCTION_ALLOW)).toEqual([]);
  });
});
