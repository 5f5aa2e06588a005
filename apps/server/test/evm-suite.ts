/**
 * What EVM test files set up for their whole file (vitest hooks; kept apart from evm-app.ts, which the
 * EVM bench imports outside vitest).
 */
import { afterAll } from 'vitest';
import type { Address } from 'viem';
import { startEvmNode, type EvmNode } from './evm-node';
import { TOKEN } from './evm-app';

/**
 * A fresh node per database kind, so that each app starts on a chain no other app has scanned or sent
 * on: the returned call closes the last node, starts another with the test token (6 decimals) deployed
 * and hands both to `use`; the last node is closed after all tests of the file.
 */
export function freshEvmNodes(use: (node: EvmNode, token: Address) => void): () => Promise<void> {
  let node: EvmNode | undefined;
  afterAll(async () => node?.close());
  return async () => {
    await node?.close();
    node = await startEvmNode();
    use(node, await node.deployToken(6, 10n ** 15n * TOKEN));
  };
}
