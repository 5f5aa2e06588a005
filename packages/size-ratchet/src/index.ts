/**
 * The measuring behind the apps' size ratchets (apps/server/src/size-ratchet.test.ts,
 * apps/web/src/size-ratchet.test.ts): the line count of every source file under a root and the length of
 * every function in them, and the check of those sizes against a limit and an allow-list. Each ratchet
 * keeps only its own root, limits and allow-lists.
 *
 * Function lengths are measured with the TypeScript compiler API: from the line of the function's first
 * token to the line of its last, inclusive. A function nested in another counts on its own, and inside
 * its parent too. Names: `Class.method`, the variable or property an arrow is assigned to, or the call an
 * anonymous callback is passed to (`app.get(…)`), each prefixed with its enclosing functions
 * (`outer > inner`); a repeated name gets `#2`, `#3`…
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every `.ts`/`.tsx` file under `dir`, tests (`*.test.ts(x)`), `node_modules` and `dist` left out. */
export function* sourceFiles(dir: string): Generator<string> {
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

/** Lines of `text`; a final newline does not start another line. */
export function lineCount(text: string): number {
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

export interface Measured {
  /** Path under the root (`/`-separated) -> lines. */
  files: Map<string, number>;
  /** `path :: name` -> lines. */
  functions: Map<string, number>;
}

/** The sizes of every source file under `root` and of every function in them. */
export function measure(root: string): Measured {
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const full of sourceFiles(root)) {
    const rel = path.relative(root, full).split(path.sep).join('/');
    const text = fs.readFileSync(full, 'utf8');
    files.set(rel, lineCount(text));
    for (const [name, lines] of functionLengths(rel, text)) functions.set(`${rel} :: ${name}`, lines);
  }
  return { files, functions };
}

/**
 * What breaks the ratchet: sizes over `max` and not allowed, allowances exceeded, and stale allowances
 * (the entry is gone, fits now, or shrank below its listed size). Empty when all is well.
 */
export function ratchetProblems(
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
