/**
 * An in-process EVM node for the EVM adapter's tests and benchmark: Ganache (an npm package, nothing
 * downloaded), a test ERC-20 token compiled from the Solidity below by solc-js at run time, a funded hot
 * wallet and a funded sender, and the deposit key tree (the seed stays here; the adapter gets the xpub).
 */
import { HDKey } from '@scure/bip32';
import ganache from 'ganache';
import solc from 'solc';
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  encodeFunctionData,
  type Abi,
  type Address,
  type Hex,
  type Transport,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export const TEST_CHAIN_ID = 1337;
export const HOT_KEY: Hex = `0x${'11'.repeat(32)}`;
export const SENDER_KEY: Hex = `0x${'22'.repeat(32)}`;

const TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TestToken {
  uint8 public immutable decimals;
  mapping(address => uint256) public balanceOf;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint8 d, uint256 supply) { decimals = d; balanceOf[msg.sender] = supply; emit Transfer(address(0), msg.sender, supply); }
  function transfer(address to, uint256 v) external returns (bool) { move(msg.sender, to, v); return true; }
  function transferMany(address[] calldata to, uint256 v) external { for (uint256 i; i < to.length; ++i) move(msg.sender, to[i], v); }
  function move(address f, address t, uint256 v) internal {
    require(balanceOf[f] >= v, "balance");
    unchecked { balanceOf[f] -= v; }
    balanceOf[t] += v;
    emit Transfer(f, t, v);
  }
}`;

let compiled: { abi: Abi; bytecode: Hex } | undefined;
function compileToken(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: TOKEN_SOURCE } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(`solc: ${JSON.stringify(errors)}`);
  const c = out.contracts['TestToken.sol'].TestToken;
  compiled = { abi: c.abi as Abi, bytecode: `0x${c.evm.bytecode.object}` as Hex };
  return compiled;
}

export type EvmNode = Awaited<ReturnType<typeof startEvmNode>>;

export async function startEvmNode() {
  const ether = `0x${(10n ** 24n).toString(16)}`;
  const provider = ganache.provider({
    logging: { quiet: true },
    chain: { chainId: TEST_CHAIN_ID, vmErrorsOnRPCResponse: false },
    miner: { blockGasLimit: '0x3B9ACA00' },
    wallet: { accounts: [HOT_KEY, SENDER_KEY].map((secretKey) => ({ secretKey, balance: ether })) },
  });
  const transport: Transport = custom(provider as never);
  const chain = defineChain({
    id: TEST_CHAIN_ID,
    name: 'test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:0'] } },
  });
  const client = createPublicClient({ transport, cacheTime: 0 });
  const sender = createWalletClient({ account: privateKeyToAccount(SENDER_KEY), transport, chain });
  const hot = createWalletClient({ account: privateKeyToAccount(HOT_KEY), transport, chain });
  const seed = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));
  const account = seed.derive("m/44'/60'/0'");
  const rpc = (method: string, params: unknown[] = []) =>
    provider.request({ method, params } as never) as Promise<unknown>;
  const { abi, bytecode } = compileToken();

  const node = {
    provider,
    transport,
    client,
    sender,
    hot,
    xpub: account.publicExtendedKey,
    /** The account-level private key (what EVM_SWEEP_XPRV holds where deposits are swept). */
    xprv: account.privateExtendedKey,
    /** The private key of deposit address `index` (what the seed holder has, never the server). */
    depositKey: (index: number) => account.deriveChild(0).deriveChild(index).privateKey!,
    abi,
    async deployToken(decimals: number, supply: bigint, from: 'sender' | 'hot' = 'sender'): Promise<Address> {
      const w = from === 'hot' ? hot : sender;
      const hash = await w.deployContract({ abi, bytecode, args: [decimals, supply] });
      const r = await client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      return r.contractAddress!;
    },
    async tokenTransfer(token: Address, to: Address, amount: bigint): Promise<Hex> {
      return sender.writeContract({ address: token, abi, functionName: 'transfer', args: [to, amount] });
    },
    async tokenTransferMany(token: Address, to: Address[], amount: bigint): Promise<Hex> {
      return sender.writeContract({
        address: token,
        abi,
        functionName: 'transferMany',
        args: [to, amount],
        gas: 900_000_000n,
      });
    },
    async balanceOf(token: Address, who: Address): Promise<bigint> {
      return (await client.readContract({
        address: token,
        abi,
        functionName: 'balanceOf',
        args: [who],
      })) as bigint;
    },
    async sendNative(to: Address, value: bigint): Promise<Hex> {
      return sender.sendTransaction({ to, value });
    },
    async mine(n = 1): Promise<void> {
      for (let i = 0; i < n; i++) await rpc('evm_mine');
    },
    /** Stops mining on each transaction (they wait in the pool) or restores it. */
    async autoMine(on: boolean): Promise<void> {
      await rpc(on ? 'miner_start' : 'miner_stop');
    },
    async snapshot(): Promise<string> {
      return (await rpc('evm_snapshot')) as string;
    },
    /** Back to the snapshot: the blocks after it are gone (a reorganisation, once longer blocks follow). */
    async revert(id: string): Promise<void> {
      await rpc('evm_revert', [id]);
    },
    /** A token transfer signed but not sent (to send it again after a reorganisation). */
    async signedTokenTransfer(token: Address, to: Address, amount: bigint): Promise<Hex> {
      const data = encodeFunctionData({ abi, functionName: 'transfer', args: [to, amount] });
      const req = await sender.prepareTransactionRequest({ to: token, data, chain });
      return sender.account.signTransaction(req as never);
    },
    async broadcast(raw: Hex): Promise<Hex> {
      return client.sendRawTransaction({ serializedTransaction: raw });
    },
    async close(): Promise<void> {
      await provider.disconnect();
    },
  };
  return node;
}
