import { z } from 'zod';
import { intish } from '../wire';
import { defineCall } from '../call';

/** Categories the web app and the API family's clients use. */
export const NEWS_CATEGORIES = {
  announcements: 4,
  banners: 5,
  policy: 10,
  headerNotices: 11,
  about: 29,
  support: 30,
} as const;

export const NewsListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  abstract: z.string(),
  cover: z.string(),
  update_time: z.string(),
});

export const NewsListCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/news/list',
  auth: 'none',
  summary: "Articles of one category in the visitor's language (English when untranslated)",
  input: z.object({
    c_id: intish((n) => n.min(1).max(1000)),
    page: intish((n) => n.min(1).max(10_000).default(1)),
    limit: intish((n) => n.min(1).max(50).default(20)),
  }),
  reply: z.object({
    list: z.array(NewsListItem),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const NewsDetailCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/news/detail',
  auth: 'none',
  summary: 'One article (sanitized HTML content)',
  input: z.object({ id: intish((n) => n.min(1)) }),
  reply: z.object({
    id: z.number().int(),
    c_id: z.number().int(),
    title: z.string(),
    content: z.string(),
    abstract: z.string(),
    cover: z.string(),
    update_time: z.string(),
  }),
});

// ---- Operator (admin role) calls: create, edit, delete. Content is sanitized by the server on the way in.

/** Languages an article can be written in (the 7 locales of the interface). */
export const NEWS_LANGS = ['zh', 'en', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
/** Cover images: a site path (/banners/..., /uploads/...) or an http(s) URL. */
const coverSchema = z
  .string()
  .max(500)
  .regex(
    /^(?:$|\/(?:banners|uploads)\/[\w./-]+$|https?:\/\/\S+$)/,
    'cover must be /banners/..., /uploads/... or http(s)://...',
  );

const articleFields = {
  c_id: intish((n) => n.min(1).max(1000)),
  lang: z.enum(NEWS_LANGS),
  title: z.string().trim().min(1).max(200),
  /** HTML; tags and attributes outside the safe subset are removed before it is stored. */
  content: z.string().max(200_000),
  abstract: z.string().max(1000).default(''),
  cover: coverSchema.default(''),
  sort: intish((n) => n.min(0).max(1_000_000).default(0)),
};

export const AdminNewsItem = z.object({
  id: z.number().int(),
  c_id: z.number().int(),
  group_key: z.string(),
  lang: z.string(),
  title: z.string(),
  content: z.string(),
  abstract: z.string(),
  cover: z.string(),
  sort: z.number().int(),
  update_time: z.string(),
});

export const AdminNewsCreateCall = defineCall({
  method: 'POST',
  path: '/api/admin/news',
  auth: 'admin',
  summary:
    'Create an article (admin). `translation_of` (an article id) makes it a translation of that article; content is sanitized before storing',
  input: z.object({ ...articleFields, translation_of: intish((n) => n.min(1).optional()) }),
  reply: AdminNewsItem,
});

const editInput = z.object({
  id: intish((n) => n.min(1)),
  c_id: articleFields.c_id.optional(),
  title: articleFields.title.optional(),
  content: articleFields.content.optional(),
  abstract: z.string().max(1000).optional(),
  cover: coverSchema.optional(),
  sort: intish((n) => n.min(0).max(1_000_000).optional()),
});

export const AdminNewsEditCall = defineCall({
  method: 'PUT',
  path: '/api/admin/news',
  auth: 'admin',
  summary: 'Edit an article (admin): only the fields sent change; content is sanitized before storing',
  input: editInput,
  reply: AdminNewsItem,
});
/** The same as PUT, for form clients that cannot send PUT. */
export const AdminNewsEditPostCall = defineCall({
  ...AdminNewsEditCall,
  method: 'POST',
  path: '/api/admin/news/edit',
});

export const AdminNewsDeleteCall = defineCall({
  method: 'DELETE',
  path: '/api/admin/news',
  auth: 'admin',
  summary: 'Delete one language version of an article (admin); `all_languages: 1` deletes every translation',
  input: z.object({ id: intish((n) => n.min(1)), all_languages: intish((n) => n.min(0).max(1).default(0)) }),
  reply: z.object({ deleted: z.number().int() }),
});
/** The same as DELETE, for form clients. */
export const AdminNewsDeletePostCall = defineCall({
  ...AdminNewsDeleteCall,
  method: 'POST',
  path: '/api/admin/news/del',
});

export const AdminNewsListCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/admin/news/list',
  auth: 'admin',
  // A read, though clients may POST it: the auditor reads the news too.
  staff: 'read',
  summary:
    'Every language version of every article, newest first, optionally of one category / language (admin)',
  input: z.object({
    c_id: intish((n) => n.min(1).max(1000).optional()),
    lang: z.enum(NEWS_LANGS).optional(),
    page: intish((n) => n.min(1).max(10_000).default(1)),
    limit: intish((n) => n.min(1).max(100).default(20)),
  }),
  reply: z.object({
    data: z.array(AdminNewsItem),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
});
