import { z } from 'zod';
import { defineCall } from '../call';

/** Categories the specification uses. */
export const NEWS_CATEGORIES = { announcements: 4, banners: 5, policy: 10, headerNotices: 11, about: 29, support: 30 } as const;

const intLike = z.coerce.number().int();

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
    c_id: intLike.min(1).max(1000),
    page: intLike.min(1).max(10_000).default(1),
    limit: intLike.min(1).max(50).default(20),
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
  input: z.object({ id: intLike.min(1) }),
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
