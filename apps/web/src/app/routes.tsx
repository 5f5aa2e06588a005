import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * THE list of routes. Each feature adds its lines here and nowhere else:
 *
 *   { path: '/allmarket', lazy: page(() => import('@/features/markets/all-market-page')) },
 *
 * A page module default-exports its component and is loaded on first visit. Paths are the
 * specification's (part 1 §2, part 2 §2), including their spelling; query parameters are read by the
 * page (`useSearchParams`).
 */
export const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

/** Pages inside the shell (header and footer). */
export const layoutRoutes: RouteObject[] = [
  { path: '/', lazy: page(() => import('@/features/home/home-page')) },
  // Public site (issue 6): markets, the help centre's notices and articles, the user agreement.
  { path: '/allmarket', lazy: page(() => import('@/features/market/all-market-page')) },
  { path: '/noticeList', lazy: page(() => import('@/features/news/notice-list-page')) },
  { path: '/components/noticeDetail', lazy: page(() => import('@/features/news/notice-detail-page')) },
  { path: '/noticeDetail', lazy: page(() => import('@/features/news/notice-detail-page')) },
  { path: '/policy', lazy: page(() => import('@/features/news/policy-page')) },
];

/** Full-screen pages without the shell (login, register and the like bring their own layout). */
export const standaloneRoutes: RouteObject[] = [];
