/**
 * UTXO chain keys and addresses (BIP84, native SegWit): the server holds the account-level extended public
 * key (m/84'/coin'/0') only, and the deposit address of index `i` is its child 0/i as a P2WPKH (bech32)
 * address, the address a wallet holding the seed shows at m/84'/coin'/0'/0/i. No deposit private key is
 * on the server. Addresses are checked against the network (prefix and checksum); a well-formed address
 * of another network (mainnet vs test, Bitcoin vs Litecoin) is told apart so it can be refused clearly.
 */
import { HDKey } from '@scure/bip32';
import { Address, p2wpkh, WIF, type NETWORK } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1';
import { MAX_DERIVATION_INDEX } from './evm-keys';

export type UtxoNetwork = typeof NETWORK;
export type UtxoCoin = 'BTC' | 'LTC';
export type UtxoNetworkName = 'mainnet' | 'testnet' | 'regtest';

/** Address prefixes and versions of each coin and network. */
export const UTXO_NETWORKS: Record<UtxoCoin, Record<UtxoNetworkName, UtxoNetwork>> = {
  BTC: {
    mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
  LTC: {
    mainnet: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    testnet: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
    regtest: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
};

/** Extended public key versions accepted (xpub/zpub, tpub/vpub, Litecoin's Ltub/Mtub). */
const PUBLIC_VERSIONS = [0x0488b21e, 0x04b24746, 0x043587cf, 0x045f1cf6, 0x019da462, 0x01b26ef6];

/** The account key of an extended public key of any accepted version; a private key is refused. */
function accountKey(xpub: string): HDKey {
  for (const version of PUBLIC_VERSIONS) {
    try {
      return HDKey.fromExtendedKey(xpub, { public: version, private: version + 1 });
    } catch {
      // another version
    }
  }
  throw new Error('UTXO xpub must be an extended PUBLIC key (xpub/zpub/tpub/vpub/Ltub/Mtub)');
}

/** A deposit address deriver from an account-level extended public key. */
export class UtxoXpubDeriver {
  private readonly external: HDKey;
  private readonly cache = new Map<number, string>();

  constructor(
    xpub: string,
    private readonly network: UtxoNetwork,
  ) {
    this.external = accountKey(xpub).deriveChild(0);
  }

  address(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX)
      throw new Error(`derivation index out of range: ${index}`);
    const hit = this.cache.get(index);
    if (hit) return hit;
    const address = p2wpkh(this.external.deriveChild(index).publicKey!, this.network).address!;
    this.cache.set(index, address);
    return address;
  }
}

/** The hot wallet of a WIF private key: its P2WPKH address, public key and private key. */
export function hotWalletOf(wif: string, network: UtxoNetwork) {
  const privateKey = WIF(network).decode(wif);
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const payment = p2wpkh(publicKey, network);
  return { privateKey, publicKey, address: payment.address!, script: payment.script };
}

/** Well formed for `network`: its prefix or version byte, and a correct checksum. */
export function isUtxoAddress(address: string, network: UtxoNetwork): boolean {
  try {
    Address(network).decode(address);
    return true;
  } catch {
    return false;
  }
}

/** Valid on another network of the family (another coin, or mainnet vs test), not on `network`. */
export function isOtherUtxoNetworkAddress(address: string, network: UtxoNetwork): boolean {
  if (isUtxoAddress(address, network)) return false;
  return Object.values(UTXO_NETWORKS)
    .flatMap((n) => Object.values(n))
    .some((n) => n !== network && isUtxoAddress(address, n));
}
