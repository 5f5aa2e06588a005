import { useMemo } from 'react';
import styles from '../news.module.css';

/**
 * Article HTML comes from the API, where the server already sanitized it on the way in (sanitize-html,
 * modules/news/sanitize.ts). This second, browser-side pass keeps only the same safe subset before React
 * inserts it, so even a bad row in the database cannot run script here. DOMParser builds an inert
 * document: nothing in it loads or runs while it is filtered.
 */
const ALLOWED: Record<string, readonly string[]> = {
  P: [],
  H1: [],
  H2: [],
  H3: [],
  H4: [],
  UL: [],
  OL: [],
  LI: [],
  STRONG: [],
  EM: [],
  B: [],
  I: [],
  U: [],
  BR: [],
  BLOCKQUOTE: [],
  TABLE: [],
  THEAD: [],
  TBODY: [],
  TR: [],
  TH: ['colspan', 'rowspan'],
  TD: ['colspan', 'rowspan'],
  A: ['href', 'rel', 'target'],
  IMG: ['src', 'alt', 'width', 'height'],
};
/** Dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'TEXTAREA',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'MATH',
]);

const safeHref = (v: string) => /^(https?:|mailto:)/i.test(v.trim());
const safeSrc = (v: string) =>
  /^https?:\/\//i.test(v) || (/^\/(uploads|banners)\/[\w./-]+$/.test(v) && !v.includes('..'));

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as Element;
  const tag = el.tagName.toUpperCase();
  if (DROP_WITH_CONTENT.has(tag)) return [];
  const children = Array.from(el.childNodes).flatMap((c) => clean(c, doc));
  const allowed = ALLOWED[tag];
  if (!allowed) return children; // unknown tag: keep its text, drop the tag
  const out = doc.createElement(tag.toLowerCase());
  for (const name of allowed) {
    const value = el.getAttribute(name);
    if (value === null) continue;
    if (name === 'href' && !safeHref(value)) continue;
    if (name === 'src' && !safeSrc(value)) continue;
    out.setAttribute(name, value);
  }
  if (tag === 'IMG' && !out.hasAttribute('src')) return [];
  if (tag === 'A') {
    out.setAttribute('rel', 'noopener noreferrer');
    if (/^https?:/i.test(out.getAttribute('href') ?? '')) out.setAttribute('target', '_blank');
    else out.removeAttribute('target');
  }
  out.append(...children);
  return [out];
}

export function safeArticleHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const container = doc.createElement('div');
  container.append(...Array.from(doc.body.childNodes).flatMap((n) => clean(n, doc)));
  return container.innerHTML;
}

export function ArticleHtml({ html }: { html: string }) {
  const safe = useMemo(() => safeArticleHtml(html), [html]);
  // The only raw-HTML insertion of the app: API content, sanitized twice (server and above).
  return (
    <div
      className={styles.article}
      dangerouslySetInnerHTML={{ __html: safe }}
      data-testid="article-content"
    />
  );
}
