import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namespacesOf } from './route-namespaces';

// Each page's translations are fetched with its code (route-namespaces.ts). This reads routes.tsx and
// every module a page (and the shell around it) imports statically, and checks that the namespaces they
// use are listed for the page: a missing one would still load, but one round trip later.
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOADED_AT_START = new Set(['common', 'errors']);

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? path.join(srcDir, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (fs.existsSync(base + ext)) return base + ext;
  }
  return null;
}

/** Namespaces used by `file` and everything it imports statically (not through `import()`). */
function namespacesUsed(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/useTranslation\(\s*'(\w+)'/g)) used.add(m[1] ?? '');
  for (const m of text.matchAll(/\bt\(\s*['"`](\w+):/g)) used.add(m[1] ?? '');
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'([^']+)'/g)) {
    const dep = resolve(file, m[1] ?? '');
    if (dep) for (const ns of namespacesUsed(dep, seen)) used.add(ns);
  }
  return used;
}

/** Every page of routes.tsx with its module and the modules of the shells (pathless routes) around it. */
function pages(): { path: string; modules: string[] }[] {
  const routesFile = path.join(srcDir, 'app', 'routes.tsx');
  // Comments left out: the file's own doc shows an example route.
  const text = fs
    .readFileSync(routesFile, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const token = /\{\s*(?:path: '([^']+)',\s*)?lazy: page\(\(\) => import\('([^']+)'\)\)|(\[)|(\])/g;
  const found: { path: string; modules: string[] }[] = [];
  const shells: { module: string; depth: number }[] = [];
  let depth = 0;
  for (const m of text.matchAll(token)) {
    if (m[3]) depth += 1;
    else if (m[4]) {
      depth -= 1;
      while (shells.length > 0 && (shells.at(-1)?.depth ?? 0) >= depth) shells.pop();
    } else {
      const module = resolve(routesFile, m[2] ?? '');
      if (!module) throw new Error(`routes.tsx imports ${m[2]}, not found`);
      if (m[1]) found.push({ path: m[1], modules: [module, ...shells.map((s) => s.module)] });
      else shells.push({ module, depth });
    }
  }
  return found;
}

describe('translations loaded with each page', () => {
  const all = pages();

  it('reads the routes', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.find((p) => p.path === '/accountCenter')?.modules.length).toBe(2);
  });

  it('lists, for every page, the namespaces its code and its shell use', () => {
    const missing: string[] = [];
    for (const page of all) {
      const listed = new Set([...LOADED_AT_START, ...namespacesOf(page.path)]);
      const used = new Set(page.modules.flatMap((file) => [...namespacesUsed(file)]));
      for (const ns of used) if (!listed.has(ns)) missing.push(`${page.path}: ${ns}`);
    }
    expect(missing).toEqual([]);
  });
});
