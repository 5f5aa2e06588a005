import type { FastifyInstance } from 'fastify';
import {
  AdminNewsCreateCall,
  AdminNewsDeleteCall,
  AdminNewsDeletePostCall,
  AdminNewsEditCall,
  AdminNewsEditPostCall,
  AdminNewsListCall,
  NewsDetailCall,
  NewsListCall,
} from '@oryx/contracts/news/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import {
  adminListArticles,
  createArticle,
  deleteArticle,
  editArticle,
  listNews,
  newsDetail,
} from './service';

export async function newsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, NewsListCall, ({ input, locale }) =>
    listNews(ctx, input.c_id, locale, input.page, input.limit),
  );
  registerCall(app, NewsDetailCall, ({ input, locale }) => newsDetail(ctx, input.id, locale));

  registerCall(app, AdminNewsCreateCall, ({ input }) => createArticle(ctx, input));
  registerCall(app, AdminNewsEditCall, ({ input }) => editArticle(ctx, input));
  registerCall(app, AdminNewsEditPostCall, ({ input }) => editArticle(ctx, input));
  registerCall(app, AdminNewsDeleteCall, ({ input }) =>
    deleteArticle(ctx, input.id, input.all_languages === 1),
  );
  registerCall(app, AdminNewsDeletePostCall, ({ input }) =>
    deleteArticle(ctx, input.id, input.all_languages === 1),
  );
  registerCall(app, AdminNewsListCall, ({ input }) => adminListArticles(ctx, input));
}
