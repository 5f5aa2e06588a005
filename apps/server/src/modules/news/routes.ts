import type { FastifyInstance } from 'fastify';
import { NewsDetailCall, NewsListCall } from '@oryx/contracts/news/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { listNews, newsDetail } from './service';

export async function newsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, NewsListCall, ({ input, locale }) => listNews(ctx, input.c_id, locale, input.page, input.limit));
  registerCall(app, NewsDetailCall, ({ input, locale }) => newsDetail(ctx, input.id, locale));
}
