/**
 * The only reader of process.env in the server. Everything configurable is parsed and typed here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** `file:./data/oryx.db` (SQLite, the default) or `postgres://...`. */
  DATABASE_URL: z.string().default(`file:${path.join(repoRoot, 'data', 'oryx.db')}`),
  REDIS_URL: z.string().optional(),
  /**
   * Four-eyes (modules/console): a withdrawal approval, a deposit-claim credit or a manual adjustment
   * worth more than this many USDT needs a second operator.
   */
  CONSOLE_FOUR_EYES_USDT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a USDT amount')
    .default('10000'),
  /**
   * Four-eyes window: what one operator moved alone, and what was moved alone to or from one user's
   * account, in this many hours counts with the next action against CONSOLE_FOUR_EYES_USDT.
   */
  CONSOLE_FOUR_EYES_WINDOW_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** demo: demo users, demo balances and the market-making bot. production: none of those. */
  ORYX_MODE: z.enum(['demo', 'production']).default('demo'),
  /** Demo mode only: the spot market-making bot and the seeded chart history (modules/spot/bot.ts). */
  SPOT_DEMO_BOT: bool.default(true),
  /** PostgreSQL: how often a spot engine that lost its lock asks for it again (modules/spot/ownership.ts). */
  SPOT_OWNER_RETRY_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * Several processes on PostgreSQL and Redis (modules/spot/cluster.ts): `auto` takes a fair share of the
   * markets and takes over those of a process that died; `none` owns no market (an API and socket
   * process that routes every order to the markets' owners).
   */
  SPOT_OWNER: z.enum(['auto', 'none']).default('auto'),
  /**
   * The socket transports accepted: `polling,websocket` (socket.io's default; clients of this API family
   * start with long-polling) or `websocket` (no long-polling: several processes behind a load balancer
   * then need no sticky sessions; the web app connects over WebSocket only). docs/scale-out.md.
   */
  SOCKET_TRANSPORTS: z
    .enum(['polling,websocket', 'websocket'])
    .default('polling,websocket')
    .transform((v) => v.split(',') as ('polling' | 'websocket')[]),
  /** Several processes: how often each looks at the markets' owners (and takes an ownerless market). */
  SPOT_CLAIM_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /** Several processes: how long a command sent to its market's owner may wait to be taken (SPOT_BUSY after). */
  SPOT_ROUTE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(8_000),
  /**
   * Market-order protection band, basis points (modules/spot/README.md): a market buy fills at most at the
   * best ask x (1 + band) and holds amount x that price; a market sell at least at the best bid x (1 - band).
   */
  SPOT_MARKET_BAND_BPS: z.coerce.number().int().min(1).max(9_999).default(500),
  /** The trade panel asks "are you sure" before a limit price this far (basis points) from the last price. */
  SPOT_PRICE_WARN_BPS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  UPLOAD_DIR: z.string().default(path.join(repoRoot, 'data', 'uploads')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One log line per request and reply; unset: on in production, off in demo (the banner stays on screen). */
  LOG_REQUESTS: bool.optional(),
  /**
   * GET /metrics (modules/metrics): unset, it answers only requests from this machine's loopback address
   * that no proxy relayed; set, only requests with `Authorization: Bearer <this token>`, from anywhere.
   */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  LOGIN_NEED_SMSCODE: bool.default(false),
  /** Comma-separated allowed origins for CORS; empty = same origin only. */
  CORS_ORIGINS: z.string().default(''),
  /** Session lifetime. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  /**
   * scrypt work factor of new password hashes, as log2 of N (modules/auth/password.ts). Production refuses
   * less than 15; test suites lower it to spend milliseconds, not tens of them, per registration.
   */
  PASSWORD_HASH_LOG2N: z.coerce.number().int().min(10).max(20).default(15),
  /**
   * Trust X-Forwarded-For from a reverse proxy. Off by default: without a proxy in front, a client
   * could otherwise pick its own address and slip past the per-address limits (login, codes). With it,
   * X-Forwarded-Proto: https also counts as HTTPS (Strict-Transport-Security is sent only over HTTPS).
   */
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** SMTP for real e-mail; without it codes go to the sandbox outbox. */
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Oryx <no-reply@oryx.local>'),
  /**
   * Verification codes (modules/codes). E-mail goes through SMTP when MAIL_ADAPTER is 'smtp', or 'auto'
   * with SMTP_URL set; otherwise, like every SMS, into the sandbox outbox (GET /api/admin/outbox).
   */
  MAIL_ADAPTER: z.enum(['auto', 'sandbox', 'smtp']).default('auto'),
  /**
   * Where SMS codes go (modules/codes/sms.ts). `auto`: the sandbox outbox in demo mode; in production the
   * Twilio adapter when TWILIO_ACCOUNT_SID is set, otherwise none (the phone tabs are hidden and phone
   * calls refuse with SMS_UNAVAILABLE). `sandbox` is refused in production: nothing there answers from a
   * sandbox. `none`: no SMS in either mode.
   */
  SMS_ADAPTER: z.enum(['auto', 'sandbox', 'twilio', 'none']).default('auto'),
  /**
   * The Twilio Messages API (form POST with basic auth): account SID and auth token, and either the
   * sending number (TWILIO_FROM, E.164) or a messaging service (TWILIO_MESSAGING_SERVICE_SID).
   * TWILIO_API_URL is the API's base address (tests point it at a local fake).
   */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** How long a code request waits for the SMS provider before it answers SMS_SEND_FAILED. */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Code requests allowed per destination and per client address in one hour. */
  CODE_SENDS_PER_DESTINATION_HOUR: z.coerce.number().int().positive().default(5),
  CODE_SENDS_PER_IP_HOUR: z.coerce.number().int().positive().default(30),
  /**
   * The pause between two codes to one destination. Unset: each scene's pause, which the web client counts
   * down as well (CODE_RESEND_SECONDS of @oryx/contracts/auth/calls: 31 s for a password reset, 60 s
   * otherwise). Set (tests that must not wait): this many seconds for every scene.
   */
  CODE_RESEND_SECONDS: z.coerce.number().int().min(1).optional(),
  /**
   * A newly bound bank card receives rupiah payouts, and newly saved C2C payment details are shown to
   * counterparties, only after this many hours (modules/account/payment-details.ts). 0: at once.
   */
  PAYMENT_DETAILS_COOLOFF_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** Wrong passwords from one address, across accounts, within 15 minutes before it is throttled. */
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  /** Image uploads per user in one hour. */
  UPLOADS_PER_USER_HOUR: z.coerce.number().int().positive().default(60),
  /** C2C `out_fee`: basis points of a deal's coins kept from what the buyer receives (modules/p2p). */
  C2C_OUT_FEE_BPS: z.coerce.number().int().min(0).max(1000).default(0),
  /** Image uploads without a session per client address in one hour (they wait unclaimed, unserved). */
  UPLOADS_PER_ADDRESS_HOUR: z.coerce.number().int().positive().default(20),
  /**
   * Coin deposits and withdrawals (modules/funding): `is_open_CTbi`. Off, the wallet pages hide deposit
   * and withdraw and the funding calls refuse.
   */
  FUNDING_OPEN: bool.default(true),
  /**
   * A newly bound withdrawal address receives withdrawals only after this many hours. Unset: 24 in
   * production; in demo mode FUNDING_DEMO_ADDRESS_COOLOFF_MINUTES.
   */
  FUNDING_ADDRESS_COOLOFF_HOURS: z.coerce.number().min(0).max(720).optional(),
  /** Demo mode, FUNDING_ADDRESS_COOLOFF_HOURS unset: the cool-off in minutes, so a demo withdrawal can finish. */
  FUNDING_DEMO_ADDRESS_COOLOFF_MINUTES: z.coerce.number().min(0).max(1440).default(2),
  /**
   * Withdrawal review (coin and rupiah alike): a withdrawal waits for an operator when what the user
   * withdraws in 24 hours, this one included, is worth more than this many USDT (a coin with no price:
   * always). A coin's own `approval_above_minor` can only lower it.
   */
  FUNDING_REVIEW_USDT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a USDT amount')
    .default('10000'),
  /** How often the deposit scanner reads every chain (modules/funding/deposits.ts). */
  FUNDING_SCAN_MS: z.coerce.number().int().min(100).default(2_000),
  /** The embedded sandbox chain (modules/funding/sandbox-chain.ts): one block every this many ms. */
  SANDBOX_CHAIN_BLOCK_MS: z.coerce.number().int().min(100).default(5_000),
  /** Chance per block, per mille, that the last blocks are reorganised (0 = never). */
  SANDBOX_CHAIN_REORG_PER_MILLE: z.coerce.number().int().min(0).max(1000).default(20),
  /** How many of the last blocks a reorganisation replaces. */
  SANDBOX_CHAIN_REORG_DEPTH: z.coerce.number().int().min(1).max(50).default(2),
  /** Seed of the sandbox chain's randomness (which blocks reorganise). */
  SANDBOX_CHAIN_SEED: z.string().default('oryx-sandbox'),
  /**
   * The EVM chain adapter (modules/funding/chain/evm.ts) serves the networks whose `chain` is EVM_CHAIN,
   * when EVM_RPC_URL is set (otherwise those networks have no adapter). Deposit addresses are children
   * 0/<user id> of EVM_XPUB (an account-level extended public key, m/44'/60'/0'); withdrawals are sent by
   * the hot wallet whose private key is EVM_HOT_WALLET_KEY (0x + 64 hex).
   */
  EVM_CHAIN: z.string().min(1).default('evm'),
  EVM_RPC_URL: z.string().url().optional(),
  EVM_CHAIN_ID: z.coerce.number().int().positive().optional(),
  EVM_XPUB: z.string().optional(),
  EVM_HOT_WALLET_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  /** Blocks per eth_getLogs request of the EVM scanner (nodes cap the range). */
  EVM_LOG_RANGE: z.coerce.number().int().min(1).max(10_000).default(100),
  /** The first block the EVM scanner reads when it has no saved height (default: the tip then). */
  EVM_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /**
   * Sweeping of EVM deposit addresses into the hot wallet (modules/funding/evm-sweeps.ts): the
   * account-level extended PRIVATE key (xprv of m/44'/60'/0', the one EVM_XPUB is the public half of);
   * unset = no sweeps. EVM_SWEEP_MIN lists per currency the balance an address needs before it is swept
   * (`USDT:100,ETH:0.05`, decimal amounts; a currency not listed is not swept).
   */
  EVM_SWEEP_XPRV: z.string().optional(),
  EVM_SWEEP_MIN: z.string().default(''),
  /** How often the sweep job runs (ms). */
  EVM_SWEEP_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** A sweep transaction not mined this many blocks (or this long) after it was signed is bumped. */
  EVM_SWEEP_BUMP_BLOCKS: z.coerce.number().int().min(1).default(20),
  EVM_SWEEP_BUMP_MS: z.coerce.number().int().min(1_000).default(600_000),
  /** Hot-wallet reconciliation: the difference per currency tolerated before it is flagged (`USDT:1,ETH:0.001`). */
  EVM_RECONCILE_TOLERANCE: z.string().default(''),
  /**
   * The embedded sandbox chain (modules/funding/chain/sandbox.ts) runs in demo mode; outside it only when
   * chosen here (`1`). Off, its networks refuse (FUNDING_CHAIN_UNAVAILABLE) and no simulated block is made.
   */
  SANDBOX_CHAIN_ENABLED: bool.optional(),
  /**
   * The chain whose collection address (index 0) `money/rechange` answers: unset, EVM_CHAIN when
   * EVM_RPC_URL is set, else the sandbox chain where it runs; nothing else answers (the call refuses).
   */
  FUNDING_COMPANY_CHAIN: z.string().min(1).optional(),
  /**
   * UTXO chains (Bitcoin Core JSON-RPC: Bitcoin, Litecoin; modules/funding/chain/utxo.ts), one per
   * coin: CHAIN_<COIN>=utxo turns it on, with UTXO_<COIN>_RPC_URL (credentials in the URL or
   * UTXO_<COIN>_RPC_USER / _PASSWORD), UTXO_<COIN>_XPUB (BIP84 account xpub/zpub), UTXO_<COIN>_NETWORK and
   * UTXO_<COIN>_HOT_WALLET_KEY (WIF). Read by utxoSettings below; listed in the funding README.
   */
  CHAIN_BTC: z.enum(['sandbox', 'utxo']).default('sandbox'),
  CHAIN_LTC: z.enum(['sandbox', 'utxo']).default('sandbox'),
  /**
   * The third-party rupiah channel (modules/funding/pay): the payment provider (`sandbox`, served by Oryx
   * itself), the secret its notifications are signed with (HMAC-SHA256), and the rupiah price of one unit
   * of each currency the channel credits (`USDT:16000,BTC:1500000000`).
   */
  PAY_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * The external points account that JC points are exchanged against (modules/points): `sandbox`, the
   * only one built in, or `none`. Unset, demo mode uses the sandbox and production none (binding refuses).
   */
  POINTS_PROVIDER: z.enum(['none', 'sandbox']).optional(),
  /** No default outside demo mode: a production server refuses to start without it (productionProblems). */
  PAY_SANDBOX_SECRET: z.string().min(16).optional(),
  PAY_IDR_RATES: z.string().default('USDT:16000'),
  /** A rupiah withdrawal's fee, in percent of the amount. */
  PAY_OUT_FEE_PERCENT: z.coerce.number().min(0).max(50).default(1),
  /**
   * Encrypts the HMAC secrets of users' API keys at rest (modules/apikeys): at least 32 characters. No
   * default outside demo mode: a production server refuses to start without it (productionProblems).
   */
  API_KEY_ENCRYPTION_KEY: z.string().min(32).optional(),
  /** The Binance-compatible API's request weight per address and minute (modules/binance). */
  BINANCE_WEIGHT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  /** Orders one API key may place per 10 seconds, and per day (modules/binance). */
  BINANCE_ORDERS_PER_10S: z.coerce.number().int().positive().default(100),
  BINANCE_ORDERS_PER_DAY: z.coerce.number().int().positive().default(200000),
});

/** The demo's own signing secret for the sandbox payment provider; never used in production. */
const DEMO_PAY_SANDBOX_SECRET = 'oryx-pay-sandbox-secret';
/** The demo's key for API key secrets at rest; never used in production. */
const DEMO_API_KEY_ENCRYPTION_KEY = 'oryx-demo-api-key-encryption-key-not-secret';

export type Env = Omit<
  z.infer<typeof EnvSchema>,
  'PAY_SANDBOX_SECRET' | 'FUNDING_ADDRESS_COOLOFF_HOURS' | 'SANDBOX_CHAIN_ENABLED' | 'API_KEY_ENCRYPTION_KEY'
> & {
  PAY_SANDBOX_SECRET: string;
  /** '' outside demo mode when unset (productionProblems refuses to start then). */
  API_KEY_ENCRYPTION_KEY: string;
  FUNDING_ADDRESS_COOLOFF_HOURS: number;
  /** The sandbox chain runs: demo mode, or SANDBOX_CHAIN_ENABLED outside it. */
  SANDBOX_CHAIN_ENABLED: boolean;
  /** The UTXO chains turned on (CHAIN_<COIN>=utxo), one per coin. */
  UTXO_CHAINS: UtxoChainSettings[];
};

/** Coins a UTXO chain adapter can serve (BIP84 SegWit addresses; Dogecoin has none). */
export const UTXO_COINS = ['BTC', 'LTC'] as const;

const UtxoSchema = z.object({
  /** The chain key its networks use (`funding_networks.chain`); default the coin, lower case. */
  CHAIN: z.string().min(1).optional(),
  RPC_URL: z.string().url(),
  RPC_USER: z.string().optional(),
  RPC_PASSWORD: z.string().optional(),
  /** The node's wallet (watch-only) that follows the hot wallet's coins; default `oryx-hot`. */
  RPC_WALLET: z.string().min(1).default('oryx-hot'),
  NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  /** BIP84 account-level extended public key (m/84'/coin'/0'): xpub, zpub and their test forms. */
  XPUB: z.string().min(1),
  /** WIF private key of the hot wallet (one P2WPKH address); unset = deposits only. */
  HOT_WALLET_KEY: z.string().min(1).optional(),
  /** The first block read without a saved height (default: the tip then). */
  START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** Outputs below this many base units are not deposits (dust); default 10,000. */
  DUST_MINOR: z.coerce.bigint().min(0n).default(10_000n),
  /** Ceiling of a withdrawal's fee rate, base units per virtual byte; default 500. */
  MAX_FEE_RATE: z.coerce.number().int().min(1).default(500),
  /** Confirmation target of estimatesmartfee; default 6. */
  FEE_TARGET: z.coerce.number().int().min(1).max(1008).default(6),
  /** A withdrawal unconfirmed this long is replaced by one paying more (replace-by-fee); default 30 min. */
  BUMP_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(30 * 60_000),
});

export type UtxoChainSettings = z.infer<typeof UtxoSchema> & {
  COIN: (typeof UTXO_COINS)[number];
  CHAIN: string;
};

/** UTXO_<COIN>_* of each coin whose CHAIN_<COIN> is `utxo`. */
function utxoChains(
  data: z.infer<typeof EnvSchema>,
  source: Record<string, string | undefined>,
): UtxoChainSettings[] {
  const out: UtxoChainSettings[] = [];
  for (const coin of UTXO_COINS) {
    if (data[`CHAIN_${coin}`] !== 'utxo') continue;
    const prefix = `UTXO_${coin}_`;
    const own: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(source)) if (k.startsWith(prefix)) own[k.slice(prefix.length)] = v;
    const parsed = UtxoSchema.safeParse(own);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${prefix}${i.path.join('.')}: ${i.message}`).join('\n');
      throw new Error(`Invalid environment (CHAIN_${coin}=utxo):\n${lines}`);
    }
    out.push({ ...parsed.data, COIN: coin, CHAIN: parsed.data.CHAIN ?? coin.toLowerCase() });
  }
  return out;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const data = parsed.data;
  return {
    ...data,
    PAY_SANDBOX_SECRET: data.PAY_SANDBOX_SECRET ?? (data.ORYX_MODE === 'demo' ? DEMO_PAY_SANDBOX_SECRET : ''),
    API_KEY_ENCRYPTION_KEY:
      data.API_KEY_ENCRYPTION_KEY ?? (data.ORYX_MODE === 'demo' ? DEMO_API_KEY_ENCRYPTION_KEY : ''),
    FUNDING_ADDRESS_COOLOFF_HOURS:
      data.FUNDING_ADDRESS_COOLOFF_HOURS ??
      (data.ORYX_MODE === 'demo' ? data.FUNDING_DEMO_ADDRESS_COOLOFF_MINUTES / 60 : 24),
    SANDBOX_CHAIN_ENABLED: data.SANDBOX_CHAIN_ENABLED ?? data.ORYX_MODE === 'demo',
    UTXO_CHAINS: utxoChains(data, source),
  };
}

/** A server that must not start with this configuration; the message says what to set. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

/**
 * What a production server must be given and has no default for: each signing secret of a feature that
 * is on. `buildApp` refuses to start while this lists anything (a CLI that only migrates or checks the
 * ledger does not need them).
 */
export function productionProblems(env: Env): string[] {
  if (env.ORYX_MODE !== 'production') return [];
  const problems: string[] = [];
  if (env.PAY_SANDBOX_SECRET === '' || env.PAY_SANDBOX_SECRET === DEMO_PAY_SANDBOX_SECRET) {
    problems.push('PAY_SANDBOX_SECRET: required in production (at least 16 characters, not the demo value)');
  }
  if (env.PASSWORD_HASH_LOG2N < 15) {
    problems.push('PASSWORD_HASH_LOG2N: at least 15 in production (scrypt N=2^15)');
  }
  if (env.API_KEY_ENCRYPTION_KEY === '' || env.API_KEY_ENCRYPTION_KEY === DEMO_API_KEY_ENCRYPTION_KEY) {
    problems.push(
      'API_KEY_ENCRYPTION_KEY: required in production (at least 32 characters, not the demo value)',
    );
  }
  return problems;
}

export const REPO_ROOT = repoRoot;
