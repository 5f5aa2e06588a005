/**
 * A ratchet on size: no server source file over FILE_LINES_MAX lines, no function over
 * FUNCTION_LINES_MAX lines. Big files and long functions hide several jobs; splitting them along their
 * jobs keeps each part readable and testable on its own. Tests and benchmarks are not scanned.
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

/** Files over FILE_LINES_MAX today (path under apps/server/src -> lines). May only shrink. */
const FILE_ALLOW: Record<string, number> = {
  // The matching engine's hot path, kept in one file and tuned as a whole (engine/README.md).
  'modules/spot/engine/fast-book.ts': 461,
  // The wallet's balances with valuations, transfers between a user's own wallets, and the balance logs
  // (deposits and withdrawals live in modules/funding).
  'modules/wallet/service.ts': 434,
};

/**
 * Functions over FUNCTION_LINES_MAX today (`path :: name` -> lines). May only shrink. Names as
 * the shared measuring gives them: `Class.method`, the variable or property an arrow is assigned to, or the
 * call an anonymous callback is passed to (`app.get(…)`), each prefixed with its enclosing functions.
 */
const FUNCTION_ALLOW: Record<string, number> = {
  // The ledger's group flush: balances, journal rows and checks in one pass.
  'modules/ledger/batch.ts :: LedgerBatch.flush': 83,
  // The engine's place, one inlined loop on the hot path (engine/README.md).
  'modules/spot/engine/fast-book.ts :: FastOrderBook.place': 106,
  // The reference engine's place: the same loop written plainly, read side by side with the fast one.
  'modules/spot/engine/reference-book.ts :: ReferenceOrderBook.place': 73,
  // The throttled socket pushes of one commit.
  // The PostgreSQL advisory lock and its keep-alive.
  'modules/spot/ownership.ts :: postgresOwnership': 84,
};

describe('size ratchet', () => {
  // Parsing every file of the server takes a few seconds on a busy machine: once, for both checks.
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
