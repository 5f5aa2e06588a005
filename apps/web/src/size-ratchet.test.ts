/**
 * A ratchet on size for the web app, as the server has one (apps/server/src/size-ratchet.test.ts): no
 * source file under apps/web/src over FILE_LINES_MAX lines, no function (a component, a hook, a handler)
 * over FUNCTION_LINES_MAX lines. A long component mixes several parts of a page; split it into the
 * components and hooks it is made of. Tests are not scanned.
 *
 * The allow-lists below name today's exceptions with their current size. A listed file or function may
 * shrink (lower its number here when it does, or remove the entry once it fits), never grow: the test
 * fails when one exceeds its listed size, and also when an entry is stale (the file or function is gone
 * or already fits), so the list stays honest.
 *
 * The measuring (file lines, function lengths with the TypeScript compiler API, and the check against the
 * allow-lists) is shared with the other app's ratchet: packages/size-ratchet.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, ratchetProblems, type Measured } from '@oryx/size-ratchet';
import { beforeAll, describe, expect, it } from 'vitest';

const srcRoot = path.dirname(fileURLToPath(import.meta.url));

export const FILE_LINES_MAX = 400;
export const FUNCTION_LINES_MAX = 70;

/** Files over FILE_LINES_MAX today (path under apps/web/src -> lines). May only shrink. */
const FILE_ALLOW: Record<string, number> = {};

/**
 * Functions over FUNCTION_LINES_MAX today (`path :: name` -> lines). May only shrink. Names as
 * the shared measuring gives them: `Class.method`, the variable or property an arrow is assigned to, or the
 * call an anonymous callback is passed to (`app.get(…)`), each prefixed with its enclosing functions.
 * Components written before the ratchet: split one into its parts when you change it.
 */
const FUNCTION_ALLOW: Record<string, number> = {
  'app/layout/header.tsx :: Header': 101,
  'features/acceptor/charge-record-page.tsx :: ChargeRecordPage': 82,
  'features/acceptor/recharge-money-page.tsx :: DealForm': 131,
  'features/account/account-message-page.tsx :: AccountMessagePage': 76,
  'features/account/account-set-page.tsx :: AccountSetPage': 146,
  'features/account/authentication-page.tsx :: IdentityForm': 89,
  'features/account/bank-page.tsx :: BankPage': 113,
  'features/account/bind-email-page.tsx :: BindEmailPage': 95,
  'features/account/bind-trade-password-page.tsx :: BindTradePasswordPage': 91,
  'features/account/security/phishing-card.tsx :: PhishingCard': 75,
  'features/account/security/two-factor-card.tsx :: ManageTwoFactor': 82,
  'features/account/user-setting-page.tsx :: UserSettingPage': 87,
  'features/auth/forget-page.tsx :: ForgetPage': 141,
  'features/auth/login-page.tsx :: LoginForm': 126,
  'features/auth/register-page.tsx :: RegisterPage': 142,
  'features/auth/reset-page.tsx :: ResetPage': 72,
  'features/console/acceptor-deals.tsx :: AcceptorDisputes': 145,
  'features/console/acceptors-page.tsx :: AcceptorsPage': 79,
  'features/console/appeals-page.tsx :: AppealsPage': 143,
  'features/console/approvals-page.tsx :: ApprovalsPage': 139,
  'features/console/business-roles.tsx :: BusinessRolesCard': 79,
  'features/console/claims-page.tsx :: ClaimsPage': 92,
  'features/console/coins-page.tsx :: CoinsPage': 119,
  'features/console/dashboard-page.tsx :: DashboardPage': 108,
  'features/console/earning-page.tsx :: EarningPage': 95,
  'features/console/escrow-review.tsx :: EscrowReview': 99,
  'features/console/kyc-page.tsx :: KycPage': 89,
  'features/console/leverage-page.tsx :: LeveragePage': 74,
  'features/console/leverage-page.tsx :: TermsRequests': 92,
  'features/console/markets-page.tsx :: MarketsPage': 79,
  'features/console/seconds-page.tsx :: SecondsPage': 150,
  'features/exchange/coin-exchange-page.tsx :: CoinExchangePage': 147,
  'features/funding/components/deposit-claim-form.tsx :: DepositClaimForm': 83,
  'features/funding/components/withdraw-confirm.tsx :: WithdrawConfirm': 73,
  'features/funding/recharge-page.tsx :: Recharge': 120,
  'features/funding/rupiah/rupiah-deposit-page.tsx :: RupiahDepositPage': 96,
  'features/funding/rupiah/rupiah-withdraw-page.tsx :: RupiahWithdrawPage': 96,
  'features/funding/withdraw-address-page.tsx :: BindForm': 127,
  'features/funding/withdraw-address-page.tsx :: WithdrawAddresses': 98,
  'features/lever/components/my-positions.tsx :: MyPositions': 105,
  'features/lever/components/order-table.tsx :: OrderTable': 125,
  'features/lever/components/positions-view.tsx :: PositionsView': 90,
  'features/lever/lever-deal-center-page.tsx :: LeverDealCenter': 130,
  'features/micro/components/mark-section.tsx :: MarkSection': 151,
  'features/micro/components/order-list.tsx :: OrderList': 175,
  'features/micro/proof-page.tsx :: ProofPage': 123,
  'features/news/notice-list-page.tsx :: NoticeListPage': 89,
  'features/p2p/c2c/c2c-page.tsx :: C2cPage': 77,
  'features/p2p/c2c/components/ad-form.tsx :: AdForm': 179,
  'features/p2p/c2c/components/deal-actions.tsx :: DealActions': 153,
  'features/p2p/c2c/components/my-ads.tsx :: MyAds': 98,
  'features/p2p/c2c/components/take-dialog.tsx :: TakeDialog': 118,
  'features/p2p/shop/components/ad-table.tsx :: AdTable': 76,
  'features/p2p/shop/components/deal-view.tsx :: DealView': 116,
  'features/p2p/shop/components/take-dialog.tsx :: TakeDialog': 122,
  'features/p2p/shop/legal-shop-detail-page.tsx :: LegalShopDetailPage': 130,
  'features/p2p/shop/transfer-store-page.tsx :: TransferStorePage': 91,
  'features/points/bind-info-page.tsx :: BindInfoPage': 92,
  'features/spot/components/order-book.tsx :: OrderBook': 99,
  'features/spot/entrust-page.tsx :: EntrustPage': 106,
  'features/team/team-page.tsx :: TeamPage': 109,
  'features/wallet/components/account-detail.tsx :: AccountDetail': 77,
  'features/wallet/components/wallet-balances.tsx :: WalletBalances': 124,
  'features/wallet/finance-page.tsx :: FinancePage': 128,
  'shared/chart/candle-chart.tsx :: CandleChart': 211,
  'shared/deal-chat/deal-chat.tsx :: DealChat': 74,
  'shared/news/banner-carousel.tsx :: BannerCarousel': 101,
  'shared/ui/dropdown.tsx :: Dropdown': 78,
  'shared/ui/table.tsx :: Table': 111,
  'shared/ui/trade-password.tsx :: useTradePassword': 71,
};

describe('size ratchet', () => {
  // Parsing every file of the app takes a few seconds on a busy machine: once, for both checks.
  let measured: Measured;
  beforeAll(() => {
    measured = measure(srcRoot);
  }, 60_000);

  it('keeps every source file within its line limit', () => {
    expect(ratchetProblems(measured.files, FILE_LINES_MAX, FILE_ALLOW)).toEqual([]);
  });

  it('keeps every function within its line limit', () => {
    expect(ratchetProblems(measured.functions, FUNCTION_LINES_MAX, FUNCTION_ALLOW)).toEqual([]);
  });
});
