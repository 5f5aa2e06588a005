import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * THE list of routes. Each feature adds its lines here and nowhere else:
 *
 *   { path: '/allmarket', lazy: page(() => import('@/features/markets/all-market-page')) },
 *
 * A page module default-exports its component and is loaded on first visit. Paths are those
 * of the API family's web client, including their spelling; query parameters are read by the
 * page (`useSearchParams`).
 */
export const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

/** Pages inside the shell (header and footer). */
export const layoutRoutes: RouteObject[] = [
  { path: '/', lazy: page(() => import('@/features/home/home-page')) },
  // Spot trading: the deal centre.
  { path: '/dealCenter', lazy: page(() => import('@/features/spot/deal-center-page')) },
  // Leveraged contracts: the deal page, positions with the risk rate, the order tabs.
  { path: '/leverdealCenter', lazy: page(() => import('@/features/lever/lever-deal-center-page')) },
  { path: '/leverTransactions', lazy: page(() => import('@/features/lever/lever-transactions-page')) },
  { path: '/allTransaction', lazy: page(() => import('@/features/lever/all-transaction-page')) },
  { path: '/leverList', lazy: page(() => import('@/features/lever/lever-list-page')) },
  { path: '/leverRecord', lazy: page(() => import('@/features/lever/lever-record-page')) },
  // Seconds options.
  { path: '/secondsOrder', lazy: page(() => import('@/features/micro/micro-page')) },
  // Accounts: the account area (left menu, login required) and the settings pages.
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
      // Spot: my entrusts (selling, buying, completed).
      { path: '/accountEntrust', lazy: page(() => import('@/features/spot/entrust-page')) },
      // Wallets: account centre, transfer log and coin records in the account area.
      { path: '/accountCenter', lazy: page(() => import('@/features/wallet/account-centre-page')) },
      { path: '/transferLog', lazy: page(() => import('@/features/wallet/transfer-record-page')) },
      { path: '/coinRecord', lazy: page(() => import('@/features/wallet/coin-record-page')) },
      // Funding: the third-party rupiah channel's deposit and withdrawal forms.
      { path: '/rupiahRecharge', lazy: page(() => import('@/features/funding/rupiah/rupiah-deposit-page')) },
      { path: '/rupiahWithdraw', lazy: page(() => import('@/features/funding/rupiah/rupiah-withdraw-page')) },
    ],
  },
  // Public site: markets, the help centre's notices and articles, the user agreement.
  { path: '/allmarket', lazy: page(() => import('@/features/market/all-market-page')) },
  { path: '/noticeList', lazy: page(() => import('@/features/news/notice-list-page')) },
  { path: '/components/noticeDetail', lazy: page(() => import('@/features/news/notice-detail-page')) },
  { path: '/noticeDetail', lazy: page(() => import('@/features/news/notice-detail-page')) },
  { path: '/policy', lazy: page(() => import('@/features/news/policy-page')) },
  // Wallets: the asset shell /new_account (left menu, login required) and its pages.
  {
    lazy: page(() => import('@/features/wallet/asset-area')),
    children: [
      { path: '/new_account', lazy: page(() => import('@/features/wallet/new-account-page')) },
      { path: '/finance', lazy: page(() => import('@/features/wallet/finance-page')) },
      { path: '/dealFinance', lazy: page(() => import('@/features/wallet/deal-finance-page')) },
      { path: '/lever', lazy: page(() => import('@/features/wallet/lever-page')) },
      { path: '/legal', lazy: page(() => import('@/features/wallet/legal-page')) },
      { path: '/micro', lazy: page(() => import('@/features/wallet/micro-page')) },
      { path: '/legalAccount', lazy: page(() => import('@/features/wallet/legal-account-page')) },
      { path: '/dealAccount', lazy: page(() => import('@/features/wallet/deal-account-page')) },
      { path: '/microAccount', lazy: page(() => import('@/features/wallet/micro-account-page')) },
      { path: '/transfer', lazy: page(() => import('@/features/wallet/transfer-page')) },
      { path: '/transferLegal', lazy: page(() => import('@/features/wallet/transfer-legal-page')) },
      { path: '/transferLever', lazy: page(() => import('@/features/wallet/transfer-lever-page')) },
      { path: '/transferMicro', lazy: page(() => import('@/features/wallet/transfer-micro-page')) },
      { path: '/transfermicro', lazy: page(() => import('@/features/wallet/transfer-micro-page')) },
      { path: '/transferRecord', lazy: page(() => import('@/features/wallet/transfer-record-page')) },
      { path: '/balancelog', lazy: page(() => import('@/features/wallet/balance-log-page')) },
    ],
  },
];

/** Full-screen pages without the shell (login, register and the like bring their own layout). */
export const standaloneRoutes: RouteObject[] = [
  // Accounts: login, registration and password pages in their own slim layout.
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
