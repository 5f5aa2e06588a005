import { describe, expect, it } from 'vitest';
// Relative import: @oryx/i18n does not depend on @oryx/contracts at run time, only this test does.
import { ERROR_CODES } from '../../contracts/src/errors';
import { LOCALES, NAMESPACES, resources, translate, type Tree } from './index';

/** Flattens a namespace to `a.b.c -> value`; a non-string leaf is reported as such. */
function flatten(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const params = (text: string): string =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]))].sort().join(',');

const tree = (lang: (typeof LOCALES)[number], ns: string): Tree =>
  (resources[lang] as Record<string, Tree | undefined>)[ns] ?? {};

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const flat = Object.fromEntries(LOCALES.map((lang) => [lang, flatten(tree(lang, ns))]));
  const allKeys = [...new Set(LOCALES.flatMap((lang) => [...(flat[lang]?.keys() ?? [])]))].sort();

  it('has keys', () => {
    expect(allKeys.length).toBeGreaterThan(0);
  });

  it.each(LOCALES)('%s has every key, each a non-empty string', (lang) => {
    const problems = allKeys.filter((key) => {
      const value = flat[lang]?.get(key);
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(problems, `missing or empty in ${lang}/${ns}.json`).toEqual([]);
  });

  it('uses the same {{params}} in every locale', () => {
    const mismatches: string[] = [];
    for (const key of allKeys) {
      const expected = params(String(flat.en?.get(key) ?? ''));
      for (const lang of LOCALES) {
        const got = params(String(flat[lang]?.get(key) ?? ''));
        if (got !== expected) mismatches.push(`${lang}/${ns}.json ${key}: {${got}} vs en {${expected}}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('errors namespace', () => {
  it('has a message for every error code of @oryx/contracts', () => {
    const keys = new Set(flatten(tree('en', 'errors')).keys());
    expect(Object.keys(ERROR_CODES).filter((code) => !keys.has(code))).toEqual([]);
  });
});

describe('translate', () => {
  it('fills params and falls back to en, then to the key', () => {
    expect(translate('zh', 'errors.VALIDATION', { detail: 'x' })).toContain('x');
    expect(translate('nope', 'errors.NOT_FOUND')).toBe(translate('en', 'errors.NOT_FOUND'));
    expect(translate('en', 'errors.NO_SUCH_CODE')).toBe('errors.NO_SUCH_CODE');
  });
});
