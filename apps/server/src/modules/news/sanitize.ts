import sanitizeHtml from 'sanitize-html';

/**
 * The one gate for operator-written article HTML: applied on the way IN (admin create / edit), so the
 * database only ever holds the safe subset and every reader (our web app, old clients) can render it.
 * Anything outside the subset is dropped: scripts, styles, iframes, event handlers (onerror=...),
 * `javascript:` / `data:` URLs, inline styles and classes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'br',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Links: web and mail only. Images: web, or our own /uploads/ and /banners/ paths (checked below).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside dropped <script>/<style>/<textarea> is dropped too, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { rel: 'noopener noreferrer' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.href && /^https?:/i.test(attribs.href)) out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false;
    const src = frame.attribs.src ?? '';
    return !isAllowedImageSrc(src);
  },
};

/** http(s) URLs and our own upload / banner paths; nothing relative that could climb out (..). */
export function isAllowedImageSrc(src: string): boolean {
  if (/^https?:\/\/[^\s]+$/i.test(src)) return true;
  return /^\/(?:uploads|banners)\/[\w./-]+$/.test(src) && !src.includes('..');
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Titles and abstracts are plain text: tags are removed, entities decoded back to characters (React shows
 * text as text), and any angle bracket left over is dropped so no reader can ever take it for markup.
 */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  });
  return stripped
    .replace(/&lt;|&gt;/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[<>]/g, '')
    .trim();
}
