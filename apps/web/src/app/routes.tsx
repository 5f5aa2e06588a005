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
  // Accounts (issue 4): the account area (left menu, login required) and the settings pages.
  {
    lazy: page(() => import('./layout/account-area')),
    children: [
      { path: '/accountSet', lazy: page(() => import('@/features/account/account-set-page')) },
      { path: '/accountMessage', lazy: page(() => import('@/features/account/account-message-page')) },
      { path: '/authentication', lazy: page(() => import('@/features/account/authentication-page')) },
      { path: '/bandbank', lazy: page(() => import('@/features/account/bank-page')) },
      { path: '/userSetting', lazy: page(() => import('@/features/account/user-setting-page')) },
      { path: '/bindmpwd', lazy: page(() => import('@/features/account/bind-trade-password-page')) },
      { path: '/bindEmail', lazy: page(() => import('@/features/account/bind-email-page')) },
    ],
  },
  // Public site (issue 6): markets, the help centre's notices and articles, the user agreement.
  { path: '/allmarket', lazy: page(() => import('@/features/market/all-market-page')) },
  { path: '/noticeList', lazy: page(() => import('@/features/news/notice-list-page')) },
  { path: '/components/noticeDetail', lazy: page(() => import('@/features/news/notice-detail-page')) },
  { path: '/noticeDetail', lazy: page(() => import('@/features/news/notice-detail-page')) },
  { path: '/policy', lazy: page(() => import('@/features/news/policy-page')) },
];

/** Full-screen pages without the shell (login, register and the like bring their own layout). */
export const standaloneRoutes: RouteObject[] = [
  // Accounts (issue 4): login, registration and password pages in their own slim layout.
  {
    lazy: page(() => import('./layout/auth-layout')),
    children: [
      { path: '/components/login', lazy: page(() => import('@/features/auth/login-page')) },
      { path: '/components/loginTransfer', lazy: page(() => import('@/features/auth/login-transfer-page')) },
      { path: '/components/register', lazy: page(() => import('@/features/auth/register-page')) },
      { path: '/forgetPwd', lazy: page(() => import('@/features/auth/forget-page')) },
      { path: '/resetPwd', lazy: page(() => import('@/features/auth/reset-page')) },
    ],
  },
];
