import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One-way imports (src/features/README.md): shared → features → app, no feature imports another.
const srcDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Where an import lands, as a path relative to src (or null for packages). */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return path.relative(srcDir, path.resolve(path.dirname(file), spec));
  return null;
}

/** `app`, `shared`, `features/<name>` or another top-level name. */
function area(relative: string): string {
  const [top, second] = relative.split(path.sep).join('/').split('/');
  return top === 'features' && second ? `features/${second}` : (top ?? '');
}

/** `shared/<folder>` for a file under shared, else null. */
function sharedFolder(relative: string): string | null {
  const [top, second] = relative.split(path.sep).join('/').split('/');
  return top === 'shared' && second ? second : null;
}

/**
 * Folders of `shared` that must not import another: the session calls sit on the API client (never the
 * other way round), the UI kit knows nothing of the session (guards such as `RequireSession` live in
 * `session`), and the API client knows no UI (its global replies reach the toast and the confirm dialog
 * through `setReplyNotices`, which the app shell wires at start-up: app/reply-notices.ts).
 */
const SHARED_FORBIDDEN: readonly [from: string, to: string][] = [
  ['api', 'session'],
  ['ui', 'session'],
  ['api', 'ui'],
];

describe('web import rules', () => {
  const violations: string[] = [];
  const sharedViolations: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const from = area(path.relative(srcDir, file));
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const spec = match[1] ?? '';
      const resolved = target(file, spec);
      if (resolved === null) continue;
      const to = area(resolved);
      const bad =
        (from === 'shared' && (to === 'app' || to.startsWith('features'))) ||
        (from.startsWith('features/') && (to === 'app' || (to.startsWith('features/') && to !== from)));
      if (bad) violations.push(`${path.relative(srcDir, file)} imports ${spec}`);
      const fromShared = sharedFolder(path.relative(srcDir, file));
      const toShared = sharedFolder(resolved);
      if (SHARED_FORBIDDEN.some(([a, b]) => a === fromShared && b === toShared)) {
        sharedViolations.push(`${path.relative(srcDir, file)} imports ${spec}`);
      }
    }
  }

  it('shared imports neither features nor app; a feature imports no other feature and not app', () => {
    expect(violations).toEqual([]);
  });

  it('inside shared: api and ui import nothing from session, api nothing from ui', () => {
    expect(sharedViolations).toEqual([]);
  });
});
