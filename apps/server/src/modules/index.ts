/**
 * The server's areas, in dependency order: an area comes after the areas it imports. buildApp (app.ts)
 * composes the app from this list alone (module.ts says what each field of a descriptor means).
 * `ledger` and `scheduler` are not in it: they add no calls, data or work of their own but serve the
 * areas here (the scheduler's loop, which buildApp starts, runs every area's `jobs`).
 */
import type { ServerModule } from './module';
import { metricsModule } from './metrics/module';
import { systemModule } from './system/module';
import { clusterModule } from './cluster/module';
import { codesModule } from './codes/module';
import { notificationsModule } from './notifications/module';
import { authModule } from './auth/module';
import { uploadsModule } from './uploads/module';
import { accountModule } from './account/module';
import { kycModule } from './kyc/module';
import { newsModule } from './news/module';
import { marketModule } from './market/module';
import { spotModule } from './spot/module';
import { markModule } from './mark/module';
import { walletModule } from './wallet/module';
import { microModule } from './micro/module';
import { leverModule } from './lever/module';
import { fundingModule } from './funding/module';
import { p2pModule } from './p2p/module';
import { consoleModule } from './console/module';
import { acceptorModule } from './acceptor/module';
import { earningModule } from './earning/module';
import { teamModule } from './team/module';
import { pointsModule } from './points/module';
import { exchangeModule } from './exchange/module';
import { securityModule } from './security/module';
import { polModule } from './pol/module';
import { apiKeysModule } from './apikeys/module';
import { binanceModule } from './binance/module';
import { binanceStreamModule } from './binance-stream/module';

export const serverModules: readonly ServerModule[] = [
  metricsModule, // every area counts into its metrics (ctx.services.metrics); its request hook sees every route
  systemModule,
  clusterModule, // the server processes' bus (Redis when REDIS_URL is set): spot and lever talk through it
  codesModule,
  notificationsModule, // every later area may notify its users (notify() in their transactions)
  authModule, // its demo seeder makes the demo users that later demo seeders fund
  uploadsModule,
  accountModule,
  kycModule,
  newsModule,
  marketModule,
  spotModule,
  markModule, // samples spot's committed books
  walletModule,
  consoleModule, // staff roles' audit log, restrictions, four-eyes; reloads spot's markets
  microModule, // opens and settles on the mark price
  leverModule, // margin on the mark price; provides wallet's leverPositions
  fundingModule, // deposits and withdrawals through chain adapters
  p2pModule, // C2C ads and deals on the legal wallet
  acceptorModule, // OTC acceptors (escrow in c2c_escrow) and region agents
  earningModule, // deposit-earning products, deposits and their daily payouts
  teamModule, // invite tree and referral commissions on the fees the ledger records
  pointsModule, // JC points from the same fees (team's fee feed), exchanged for BEAU
  exchangeModule, // coin to USDT at the mark price of the coin's market
  securityModule, // two-factor setup, sessions, login history, anti-phishing phrase, freeze
  polModule, // proof of liabilities: Merkle-sum snapshots of the ledger's user balances
  binanceStreamModule, // Binance-compatible market-data WebSocket streams, following spot's commits
  apiKeysModule, // users' API keys (step-up through account)
  binanceModule, // Binance-compatible /api/v3 over spot's engine and the ledger, signed with API keys
];
