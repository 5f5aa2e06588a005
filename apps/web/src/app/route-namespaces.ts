import type { RouteObject } from 'react-router-dom';
import type { Namespace } from '@oryx/i18n';
import { loadNamespaces } from '../shared/i18n/i18n';

/**
 * The translation namespaces each page uses beyond `common` and `errors` (loaded at start): they are
 * fetched together with the page's code, so a first visit downloads the texts of the pages it shows and
 * no others. A page missing here still works: its namespaces load when it first renders (one round trip
 * later, behind the spinner). Keys are the paths of routes.tsx; a page inside a shell (a pathless
 * route) lists the shell's namespaces too. route-namespaces.test.ts checks this list against the code.
 */
const PAGES_BY_NAMESPACES: [Namespace[], string[]][] = [
  // The operator console (layout/console-layout.tsx with the notification bell, and features/console).
  [
    ['console', 'notifications'],
    [
      '/console',
      '/console/audit',
      '/console/users',
      '/console/user',
      '/console/kyc',
      '/console/withdrawals',
      '/console/claims',
      '/console/reconciliation',
      '/console/payouts',
      '/console/approvals',
      '/console/appeals',
      '/console/acceptors',
      '/console/markets',
      '/console/seconds',
      '/console/leverage',
      '/console/coins',
      '/console/earning',
      '/console/news',
      '/console/outbox',
    ],
  ],
  [
    ['home', 'market'],
    ['/', '/allmarket'],
  ],
  [['spot'], ['/dealCenter', '/accountEntrust']],
  // The account area's shell (layout/account-area.tsx) uses `auth`: its spot and wallet pages too.
  [['auth'], ['/accountEntrust', '/accountCenter', '/transferLog', '/coinRecord']],
  [['micro'], ['/secondsOrder']],
  [['micro'], ['/micro/proof/:id']],
  [['pol'], ['/pol']],
  [['lever'], ['/lever/proof/:id']],
  [['spot'], ['/spot/proof/:id']],
  [['security', 'auth'], ['/security']],
  // API keys: the account area's shell (`auth`) and the two-factor code field (`security`).
  [['apikeys', 'security', 'auth'], ['/apiKeys']],
  // The two-factor code field (shared/ui/totp-field.tsx) uses `security`.
  [
    ['security'],
    [
      '/accountSet',
      '/components/login',
      '/components/loginTransfer',
      '/resetPwd',
      '/bindmpwd',
      '/bindEmail',
      '/rechargeMoney',
    ],
  ],
  // The acceptor dispute form uses the image slots (shared/ui/image-slots.tsx), whose texts are in `c2c`.
  [['c2c'], ['/chargeRecord']],
  // The rupiah channel's forms sit in the account area (its shell uses `auth`, as does the password field).
  [
    ['rupiah', 'auth'],
    ['/rupiahRecharge', '/rupiahWithdraw'],
  ],
  // The trade password field (shared/ui/password-input.tsx) uses `auth`.
  [
    ['lever', 'auth'],
    ['/leverdealCenter', '/leverTransactions', '/allTransaction', '/leverList', '/leverRecord'],
  ],
  [['news'], ['/noticeList', '/components/noticeDetail', '/noticeDetail', '/policy']],
  [['notifications'], ['/notifications']],
  [
    ['auth'],
    [
      '/accountSet',
      '/accountMessage',
      '/authentication',
      '/bandbank',
      '/userSetting',
      '/bindmpwd',
      '/bindEmail',
      '/components/login',
      '/components/loginTransfer',
      '/components/register',
      '/forgetPwd',
      '/resetPwd',
    ],
  ],
  // The acceptor pages sit in the account area (its shell uses `auth`).
  [
    ['acceptor', 'auth'],
    ['/aceite', '/rechargeMoney', '/chargeRecord', '/acceptorDesk', '/region'],
  ],
  [
    ['wallet'],
    [
      '/accountCenter',
      '/transferLog',
      '/coinRecord',
      '/new_account',
      '/finance',
      '/dealFinance',
      '/lever',
      '/legal',
      '/micro',
      '/legalAccount',
      '/dealAccount',
      '/microAccount',
      '/transfer',
      '/transferLegal',
      '/transferLever',
      '/transferMicro',
      '/transfermicro',
      '/transferRecord',
      '/balancelog',
    ],
  ],
  // Coin deposits and withdrawals (in the asset shell); /coinRecord shows their records.
  [
    ['cash', 'auth'],
    ['/recharge', '/setCash', '/withdraw_address', '/coinRecord'],
  ],
  [['wallet'], ['/recharge', '/setCash', '/withdraw_address']],
  // The two-factor code field (shared/ui/totp-field.tsx) of the withdrawal and address forms.
  [['security'], ['/setCash', '/withdraw_address', '/rupiahWithdraw', '/bandbank', '/userSetting']],
  // Merchant shops; `/balancelog` with `seller_id` shows the shop balance's log. The trade password
  // field (shared/ui/password-input.tsx) uses `auth`.
  [
    ['shop', 'auth'],
    [
      '/fiatradCenter',
      '/legalTrade',
      '/legalPay',
      '/legalPayDetail',
      '/shopLegalPayDetail',
      '/legalRecord',
      '/legalTradeSet',
      '/legalSeller',
      '/myLegalShops',
      '/legalShopDetail',
      '/shopLegalRecord',
      '/transferstore',
      '/balancelog',
    ],
  ],
  // The appeal answer's image slots on the shop deal view (shared/ui/image-slots.tsx) use `c2c`; pages
  // importing the deal view's parts load it too.
  [
    ['c2c'],
    [
      '/legalPay',
      '/legalPayDetail',
      '/shopLegalPayDetail',
      '/legalSeller',
      '/myLegalShops',
      '/transferstore',
    ],
  ],
  // The trade password field (shared/ui/password-input.tsx) uses `auth`.
  [
    ['c2c', 'auth'],
    ['/c2c', '/c2cRelease', '/c2cOrder', '/c2cTrade', '/c2cDetail', '/c2cRecord'],
  ],
  // The earn shell (layout/earn-area.tsx) uses `earning` for its menu; the password field uses `auth`.
  [
    ['earning', 'auth'],
    ['/manage', '/manageList', '/team', '/tree', '/profit', '/integralExchange', '/coinExchange'],
  ],
  [['team'], ['/team', '/tree', '/profit']],
  [
    ['points', 'auth'],
    ['/integralExchange', '/integralExchanges', '/bindInfo'],
  ],
  [['exchange'], ['/coinExchange']],
];

const NAMESPACES_OF = new Map<string, Namespace[]>();
for (const [namespaces, paths] of PAGES_BY_NAMESPACES) {
  for (const path of paths) NAMESPACES_OF.set(path, [...(NAMESPACES_OF.get(path) ?? []), ...namespaces]);
}

/** The namespaces loaded with the page at `path`. */
export const namespacesOf = (path: string | undefined): Namespace[] =>
  (path !== undefined && NAMESPACES_OF.get(path)) || [];

/**
 * The routes with each lazy page loading its namespaces alongside its code: the route renders once both
 * are there. (The areas' shells, pathless routes, are covered by their pages' entries.)
 */
export function withNamespaces(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const out = { ...route } as RouteObject;
    if (route.children) out.children = withNamespaces(route.children);
    const namespaces = namespacesOf(route.path);
    const lazy = route.lazy;
    if (namespaces.length > 0 && typeof lazy === 'function') {
      out.lazy = async () => (await Promise.all([lazy(), loadNamespaces(namespaces)]))[0];
    }
    return out;
  });
}
