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
 * Function lengths are measured with the TypeScript compiler API: from the line of the function's first
 * token to the line of its last, inclusive. A function nested in another counts on its own, and inside
 * its parent too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const srcRoot = path.dirname(fileURLToPath(import.meta.url));

export const FILE_LINES_MAX = 400;
export const FUNCTION_LINES_MAX = 70;

/** Files over FILE_LINES_MAX today (path under apps/web/src -> lines). May only shrink. */
const FILE_ALLOW: Record<string, number> = {
  // The spot order form (limit and market, buy and sell) with its panel.
  'features/spot/components/trade-panel.tsx': 420,
};

/**
 * Functions over FUNCTION_LINES_MAX today (`path :: name` -> lines). May only shrink. Names as
 * `functionLengths` gives them: `Class.method`, the variable or property an arrow is assigned to, or the
 * call an anonymous callback is passed to (`app.get(…)`), each prefixed with its enclosing functions.
 * Components written before the ratchet: split one into its parts when you change it.
 */
const FUNCTION_ALLOW: Record<string, number> = {
  'app/layout/header.tsx :: Header': 101,
  'features/acceptor/charge-record-page.tsx :: ChargeRecordPage': 89,
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
  'features/console/payouts-page.tsx :: PayoutsPage': 98,
  'features/console/seconds-page.tsx :: SecondsPage': 150,
  'features/console/withdrawals-page.tsx :: WithdrawalsPage': 93,
  'features/earning/manage-page.tsx :: ManagePage': 203,
  'features/exchange/coin-exchange-page.tsx :: CoinExchangePage': 147,
  'features/funding/components/deposit-claim-form.tsx :: DepositClaimForm': 83,
  'features/funding/components/withdraw-confirm.tsx :: WithdrawConfirm': 73,
  'features/funding/recharge-page.tsx :: Recharge': 120,
  'features/funding/rupiah/rupiah-deposit-page.tsx :: RupiahDepositPage': 96,
  'features/funding/rupiah/rupiah-withdraw-page.tsx :: RupiahWithdrawPage': 96,
  'features/funding/set-cash-page.tsx :: SetCash': 277,
  'features/funding/withdraw-address-page.tsx :: BindForm': 127,
  'features/funding/withdraw-address-page.tsx :: WithdrawAddresses': 98,
  'features/lever/components/my-positions.tsx :: MyPositions': 105,
  'features/lever/components/order-form.tsx :: OrderForm': 270,
  'features/lever/components/order-table.tsx :: OrderTable': 140,
  'features/lever/components/positions-view.tsx :: PositionsView': 96,
  'features/lever/lever-deal-center-page.tsx :: LeverDealCenter': 130,
  'features/micro/components/mark-section.tsx :: MarkSection': 151,
  'features/micro/components/order-list.tsx :: OrderList': 182,
  'features/micro/components/trade-panel.tsx :: TradePanel': 264,
  'features/micro/components/trade-panel.tsx :: TradePanel > place': 82,
  'features/micro/proof-page.tsx :: ProofPage': 123,
  'features/news/notice-list-page.tsx :: NoticeListPage': 89,
  'features/p2p/c2c/c2c-page.tsx :: C2cPage': 84,
  'features/p2p/c2c/c2c-record-page.tsx :: C2cRecord': 76,
  'features/p2p/c2c/components/ad-form.tsx :: AdForm': 179,
  'features/p2p/c2c/components/deal-actions.tsx :: DealActions': 153,
  'features/p2p/c2c/components/my-ads.tsx :: MyAds': 104,
  'features/p2p/c2c/components/take-dialog.tsx :: TakeDialog': 118,
  'features/p2p/shop/components/ad-table.tsx :: AdTable': 84,
  'features/p2p/shop/components/deal-view.tsx :: DealView': 116,
  'features/p2p/shop/components/take-dialog.tsx :: TakeDialog': 122,
  'features/p2p/shop/legal-shop-detail-page.tsx :: LegalShopDetailPage': 136,
  'features/p2p/shop/legal-trade-set-page.tsx :: LegalTradeSetPage': 184,
  'features/p2p/shop/my-legal-shops-page.tsx :: MyLegalShopsPage': 85,
  'features/p2p/shop/transfer-store-page.tsx :: TransferStorePage': 91,
  'features/points/bind-info-page.tsx :: BindInfoPage': 92,
  'features/points/components/points-exchange.tsx :: PointsExchange': 166,
  'features/spot/components/my-orders.tsx :: MyOrders': 180,
  'features/spot/components/order-book.tsx :: OrderBook': 99,
  'features/spot/components/trade-panel.tsx :: OrderForm': 315,
  'features/spot/components/trade-panel.tsx :: OrderForm > submit': 117,
  'features/spot/deal-center-page.tsx :: DealCenterPage': 164,
  'features/spot/entrust-page.tsx :: EntrustPage': 113,
  'features/team/team-page.tsx :: TeamPage': 117,
  'features/wallet/components/account-detail.tsx :: AccountDetail': 81,
  'features/wallet/components/transfer-form.tsx :: TransferForm': 212,
  'features/wallet/components/wallet-balances.tsx :: WalletBalances': 124,
  'features/wallet/finance-page.tsx :: FinancePage': 128,
  'shared/chart/candle-chart.tsx :: CandleChart': 211,
  'shared/deal-chat/deal-chat.tsx :: DealChat': 74,
  'shared/market/market-table.tsx :: MarketTable': 223,
  'shared/news/banner-carousel.tsx :: BannerCarousel': 101,
  'shared/ui/dropdown.tsx :: Dropdown': 78,
  'shared/ui/table.tsx :: Table': 111,
  'shared/ui/trade-password.tsx :: useTradePassword': 71,
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

function lineCount(text: string): number {
  const lines = text.split('\n');
  return lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
}

const classNameOf = (node: ts.Node): string =>
  ts.isClassLike(node) && node.name ? node.name.text : '<class>';

function nameOf(node: ts.FunctionLikeDeclaration, sf: ts.SourceFile): string {
  const parent = node.parent;
  if (ts.isConstructorDeclaration(node)) return `${classNameOf(parent)}.constructor`;
  if (
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  ) {
    const own = node.name.getText(sf);
    return ts.isClassLike(parent) ? `${classNameOf(parent)}.${own}` : own;
  }
  if (ts.isFunctionDeclaration(node)) return node.name?.text ?? 'default';
  if (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(sf).replace(/\s+/g, '')}(…)`;
  if (ts.isFunctionExpression(node) && node.name) return node.name.text;
  return '<anonymous>';
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  );
}

/** Every function with a body in `text`, by qualified name, with its length in lines. */
export function functionLengths(fileName: string, text: string): Map<string, number> {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out = new Map<string, number>();
  const visit = (node: ts.Node, outer: string): void => {
    let scope = outer;
    if (isFunctionLike(node) && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const own = outer ? `${outer} > ${nameOf(node, sf)}` : nameOf(node, sf);
      let name = own;
      for (let n = 2; out.has(name); n++) name = `${own}#${n}`;
      out.set(name, last - first + 1);
      scope = name;
    }
    ts.forEachChild(node, (child) => visit(child, scope));
  };
  visit(sf, '');
  return out;
}

interface Measured {
  files: Map<string, number>;
  functions: Map<string, number>;
}

function measure(): Measured {
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const full of sourceFiles(srcRoot)) {
    const rel = path.relative(srcRoot, full).split(path.sep).join('/');
    const text = fs.readFileSync(full, 'utf8');
    files.set(rel, lineCount(text));
    for (const [name, lines] of functionLengths(rel, text)) functions.set(`${rel} :: ${name}`, lines);
  }
  return { files, functions };
}

/** What breaks the ratchet: sizes over the limit and not allowed, allowances exceeded or stale. */
function ratchetProblems(
  measured: Map<string, number>,
  max: number,
  allow: Record<string, number>,
): string[] {
  const problems: string[] = [];
  for (const [key, size] of measured) {
    if (size <= max) continue;
    const allowed = allow[key];
    if (allowed === undefined) problems.push(`${key}: ${size} lines (max ${max})`);
    else if (size > allowed) problems.push(`${key}: ${size} lines, grew past its allowance of ${allowed}`);
  }
  for (const [key, allowed] of Object.entries(allow)) {
    const size = measured.get(key);
    if (size === undefined) problems.push(`${key}: allowed but gone (remove the entry)`);
    else if (size <= max) problems.push(`${key}: ${size} lines, fits now (remove the entry)`);
    else if (size < allowed)
      problems.push(`${key}: ${size} lines, shrank (lower its allowance from ${allowed})`);
  }
  return problems;
}

describe('size ratchet', () => {
  it('measures functions by name, nested ones on their own', () => {
    const m = functionLengths(
      'x.ts',
      [
        'export function outer() {',
        '  const inner = () => {',
        '    return 1;',
        '  };',
        '  return inner();',
        '}',
        'class K {',
        '  run(): void {}',
        '}',
        'app.get("/", async () => {',
        '  return 2;',
        '});',
      ].join('\n'),
    );
    expect(Object.fromEntries(m)).toEqual({
      outer: 6,
      'outer > inner': 3,
      'K.run': 1,
      'app.get(…)': 3,
    });
  });

  it('fails on what is new, grew, shrank or is gone, and passes what is allowed at its size', () => {
    const measured = new Map([
      ['new', 71],
      ['grew', 90],
      ['same', 80],
      ['shrank', 75],
      ['fits', 70],
    ]);
    const allow = { grew: 85, same: 80, shrank: 78, fits: 72, gone: 99 };
    expect(ratchetProblems(measured, 70, allow)).toEqual([
      'new: 71 lines (max 70)',
      'grew: 90 lines, grew past its allowance of 85',
      'shrank: 75 lines, shrank (lower its allowance from 78)',
      'fits: 70 lines, fits now (remove the entry)',
      'gone: allowed but gone (remove the entry)',
    ]);
  });

  // Parsing every file of the app takes a few seconds on a busy machine: once, for both checks.
  let measured: Measured;
  beforeAll(() => {
    measured = measure();
  }, 60_000);

  it('keeps every source file within its line limit', () => {
    expect(ratchetProblems(measured.files, FILE_LINES_MAX, FILE_ALLOW)).toEqual([]);
  });

  it('keeps every function within its line limit', () => {
    expect(ratchetProblems(measured.functions, FUNCTION_LINES_MAX, FUNCTION_ALLOW)).toEqual([]);
  });
});
