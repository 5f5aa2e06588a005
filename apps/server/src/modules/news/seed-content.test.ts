import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NEWS } from '@oryx/db/seed/news';
import { LOCALES } from '@oryx/i18n';
import { plainText, sanitizeArticleHtml } from './sanitize';

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

describe('seed articles', () => {
  it('have unique keys and every locale, with non-empty titles and content', () => {
    expect(new Set(NEWS.map((a) => a.key)).size).toBe(NEWS.length);
    for (const a of NEWS) {
      expect(Object.keys(a.text).sort(), a.key).toEqual([...LOCALES].sort());
      for (const [lang, t] of Object.entries(a.text)) {
        expect(t.title.trim(), `${a.key}/${lang}`).not.toBe('');
        expect(t.content.trim(), `${a.key}/${lang}`).not.toBe('');
      }
    }
  });

  it('are already in the safe subset: the sanitizer leaves their HTML and text unchanged', () => {
    for (const a of NEWS) {
      for (const [lang, t] of Object.entries(a.text)) {
        expect(sanitizeArticleHtml(t.content), `${a.key}/${lang}`).toBe(t.content);
        expect(plainText(t.title), `${a.key}/${lang}`).toBe(t.title);
        expect(plainText(t.abstract), `${a.key}/${lang}`).toBe(t.abstract);
      }
    }
  });

  it('cover the categories the site uses, and banner covers ship in apps/web/public', () => {
    const count = (c: number) => NEWS.filter((a) => a.c_id === c).length;
    expect(count(11)).toBeGreaterThanOrEqual(3);
    expect(count(4)).toBeGreaterThanOrEqual(2);
    expect(count(5)).toBe(3);
    expect(count(10)).toBeGreaterThanOrEqual(1);
    expect(count(29)).toBeGreaterThanOrEqual(1);
    expect(count(30)).toBeGreaterThanOrEqual(4);
    for (const a of NEWS.filter((x) => x.c_id === 5)) {
      expect(a.cover).toMatch(/^\/banners\/[\w-]+\.svg$/);
      const file = path.join(webPublic, a.cover);
      expect(fs.existsSync(file), file).toBe(true);
      const svg = fs.readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script|on\w+=|href="(?!#)/i);
    }
  });
});
