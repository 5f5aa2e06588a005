import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';

/**
 * THE list of routes. Each feature adds its lines here and nowhere else:
 *
 *   { path: '/allmarket', lazy: page(() => import('@/features/market/all-market-page')) },
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
  // The public record of one spot trade (shareable).
  { path: '/spot/proof/:id', lazy: page(() => import('@/features/spot/trade-proof-page')) },
  // Leveraged contracts: the deal page, positions with the risk rate, the order tabs.
  { path: '/leverdealCenter', lazy: page(() => import('@/features/lever/lever-deal-center-page')) },
  { path: '/leverTransactions', lazy: page(() => import('@/features/lever/lever-transactions-page')) },
  { path: '/allTransaction', lazy: page(() => import('@/features/lever/all-transaction-page')) },
  { path: '/leverList', lazy: page(() => import('@/features/lever/lever-list-page')) },
  { path: '/leverRecord', lazy: page(() => import('@/features/lever/lever-record-page')) },
  // The public settlement record of a closed position (shareable).
  { path: '/lever/proof/:id', lazy: page(() => import('@/features/lever/proof-page')) },
  // Seconds options.
  { path: '/secondsOrder', lazy: page(() => import('@/features/micro/micro-page')) },
  { path: '/micro/proof/:id', lazy: page(() => import('@/features/micro/proof-page')) },
  // Proof of liabilities: published snapshots, the user's own proof checked in the browser.
  { path: '/pol', lazy: page(() => import('@/features/pol/pol-page')) },
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
      { path: '/security', lazy: page(() => import('@/features/account/security-page')) },
      { path: '/apiKeys', lazy: page(() => import('@/features/account/api-keys-page')) },
      // Spot: my entrusts (selling, buying, completed).
      { path: '/accountEntrust', lazy: page(() => import('@/features/spot/entrust-page')) },
      // Wallets: account centre, transfer log and coin records in the account area.
      { path: '/accountCenter', lazy: page(() => import('@/features/wallet/account-centre-page')) },
      { path: '/transferLog', lazy: page(() => import('@/features/wallet/transfer-record-page')) },
      { path: '/coinRecord', lazy: page(() => import('./coin-record-page')) },
      // Acceptors (OTC merchants) and region agents.
      { path: '/aceite', lazy: page(() => import('@/features/acceptor/aceite-page')) },
      { path: '/rechargeMoney', lazy: page(() => import('@/features/acceptor/recharge-money-page')) },
      { path: '/chargeRecord', lazy: page(() => import('@/features/acceptor/charge-record-page')) },
      { path: '/acceptorDesk', lazy: page(() => import('@/features/acceptor/acceptor-desk-page')) },
      { path: '/region', lazy: page(() => import('@/features/acceptor/region-page')) },
      // Funding: the third-party rupiah channel's deposit and withdrawal forms.
      { path: '/rupiahRecharge', lazy: page(() => import('@/features/funding/rupiah/rupiah-deposit-page')) },
      { path: '/rupiahWithdraw', lazy: page(() => import('@/features/funding/rupiah/rupiah-withdraw-page')) },
    ],
  },
  // C2C: the market, posting and my ads, my orders, orders on one ad, the deal page, completed records.
  { path: '/c2c', lazy: page(() => import('@/features/p2p/c2c/c2c-page')) },
  { path: '/c2cRelease', lazy: page(() => import('@/features/p2p/c2c/c2c-release-page')) },
  { path: '/c2cOrder', lazy: page(() => import('@/features/p2p/c2c/c2c-order-page')) },
  { path: '/c2cTrade', lazy: page(() => import('@/features/p2p/c2c/c2c-trade-page')) },
  { path: '/c2cDetail', lazy: page(() => import('@/features/p2p/c2c/c2c-detail-page')) },
  { path: '/c2cRecord', lazy: page(() => import('@/features/p2p/c2c/c2c-record-page')) },
  // Public site: markets, the help centre's notices and articles, the user agreement.
  { path: '/allmarket', lazy: page(() => import('@/features/market/all-market-page')) },
  { path: '/noticeList', lazy: page(() => import('@/features/news/notice-list-page')) },
  { path: '/notifications', lazy: page(() => import('@/features/notifications/notifications-page')) },
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
      // Coin deposits and withdrawals (features/funding).
      { path: '/recharge', lazy: page(() => import('@/features/funding/recharge-page')) },
      { path: '/setCash', lazy: page(() => import('@/features/funding/set-cash-page')) },
      { path: '/withdraw_address', lazy: page(() => import('@/features/funding/withdraw-address-page')) },
      // With `seller_id` the shop balance's log (features/p2p/shop), else the wallets' log.
      { path: '/balancelog', lazy: page(() => import('./balance-log-route')) },
    ],
  },
  // Paths the specification names for pages Oryx has under other names: the asset area's finance records
  // (the wallets' log) and its leverage management (the positions with their risk rate).
  { path: '/finanrec', element: <Navigate to="/balancelog" replace /> },
  { path: '/lever_manger', element: <Navigate to="/leverTransactions" replace /> },
  // Merchant shops (fiat shops): the market, deals, the sellers' shop pages.
  { path: '/fiatradCenter', lazy: page(() => import('@/features/p2p/shop/fiat-trade-center-page')) },
  { path: '/legalTrade', lazy: page(() => import('@/features/p2p/shop/legal-trade-page')) },
  { path: '/legalPay', lazy: page(() => import('@/features/p2p/shop/legal-pay-page')) },
  { path: '/legalPayDetail', lazy: page(() => import('@/features/p2p/shop/legal-pay-detail-page')) },
  { path: '/shopLegalPayDetail', lazy: page(() => import('@/features/p2p/shop/shop-legal-pay-detail-page')) },
  { path: '/legalSeller', lazy: page(() => import('@/features/p2p/shop/legal-seller-page')) },
  { path: '/legalShopDetail', lazy: page(() => import('@/features/p2p/shop/legal-shop-detail-page')) },
  { path: '/transferstore', lazy: page(() => import('@/features/p2p/shop/transfer-store-page')) },
  // The shop pages of a logged-in user: the gate sends visitors to log in before any call goes out.
  {
    lazy: page(() => import('./layout/session-gate')),
    children: [
      { path: '/legalRecord', lazy: page(() => import('@/features/p2p/shop/legal-record-page')) },
      { path: '/legalTradeSet', lazy: page(() => import('@/features/p2p/shop/legal-trade-set-page')) },
      { path: '/myLegalShops', lazy: page(() => import('@/features/p2p/shop/my-legal-shops-page')) },
      { path: '/shopLegalRecord', lazy: page(() => import('@/features/p2p/shop/shop-legal-record-page')) },
    ],
  },
  // Deposit-earning, team, points and coin exchange: their own left-menu shell (login required).
  {
    lazy: page(() => import('./layout/earn-area')),
    children: [
      { path: '/manage', lazy: page(() => import('@/features/earning/manage-page')) },
      { path: '/manageList', lazy: page(() => import('@/features/earning/manage-list-page')) },
      { path: '/team', lazy: page(() => import('@/features/team/team-page')) },
      { path: '/tree', lazy: page(() => import('@/features/team/tree-page')) },
      { path: '/profit', lazy: page(() => import('@/features/team/profit-page')) },
      { path: '/integralExchange', lazy: page(() => import('@/features/points/integral-exchange-page')) },
      { path: '/coinExchange', lazy: page(() => import('@/features/exchange/coin-exchange-page')) },
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
  // The operator console: its own frame; the area checks the staff role (the server checks every call).
  {
    lazy: page(() => import('./layout/console-layout')),
    children: [
      {
        lazy: page(() => import('@/features/console/console-area')),
        children: [
          { path: '/console', lazy: page(() => import('@/features/console/dashboard-page')) },
          { path: '/console/audit', lazy: page(() => import('@/features/console/audit-page')) },
          { path: '/console/users', lazy: page(() => import('@/features/console/users-page')) },
          { path: '/console/user', lazy: page(() => import('@/features/console/user-page')) },
          { path: '/console/kyc', lazy: page(() => import('@/features/console/kyc-page')) },
          { path: '/console/withdrawals', lazy: page(() => import('@/features/console/withdrawals-page')) },
          { path: '/console/claims', lazy: page(() => import('@/features/console/claims-page')) },
          {
            path: '/console/reconciliation',
            lazy: page(() => import('@/features/console/reconciliation-page')),
          },
          { path: '/console/payouts', lazy: page(() => import('@/features/console/payouts-page')) },
          { path: '/console/approvals', lazy: page(() => import('@/features/console/approvals-page')) },
          { path: '/console/appeals', lazy: page(() => import('@/features/console/appeals-page')) },
          { path: '/console/acceptors', lazy: page(() => import('@/features/console/acceptors-page')) },
          { path: '/console/markets', lazy: page(() => import('@/features/console/markets-page')) },
          { path: '/console/seconds', lazy: page(() => import('@/features/console/seconds-page')) },
          { path: '/console/leverage', lazy: page(() => import('@/features/console/leverage-page')) },
          { path: '/console/coins', lazy: page(() => import('@/features/console/coins-page')) },
          { path: '/console/earning', lazy: page(() => import('@/features/console/earning-page')) },
          { path: '/console/news', lazy: page(() => import('@/features/console/news-page')) },
          { path: '/console/outbox', lazy: page(() => import('@/features/console/outbox-page')) },
        ],
      },
    ],
  },
  // Points: the page the points-exchange login lands on, and binding the points account.
  { path: '/integralExchanges', lazy: page(() => import('@/features/points/integral-exchanges-page')) },
  { path: '/bindInfo', lazy: page(() => import('@/features/points/bind-info-page')) },
];
