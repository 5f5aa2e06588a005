/**
 * EVM deposit addresses from an extended public key (BIP32): the server holds the account-level xpub
 * (m/44'/60'/0') only, and the deposit address of index `i` is its child 0/i, the address a wallet holding
 * the seed shows at m/44'/60'/0'/0/i. No deposit private key is ever on the server: the funds are swept
 * by whoever holds the seed.
 */
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex, getAddress, isAddress, keccak256 } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** Children of a BIP32 key are 0..2^31-1 (higher indexes are hardened: no public derivation). */
export const MAX_DERIVATION_INDEX = 0x7fffffff;

export class XpubDeriver {
  private readonly external: HDKey;
  private readonly cache = new Map<number, string>();

  constructor(xpub: string) {
    const account = HDKey.fromExtendedKey(xpub);
    if (account.privateKey)
      throw new Error('EVM_XPUB must be an extended PUBLIC key (xpub), not a private key');
    this.external = account.deriveChild(0);
  }

  address(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX)
      throw new Error(`derivation index out of range: ${index}`);
    const hit = this.cache.get(index);
    if (hit) return hit;
    const pub = this.external.deriveChild(index).publicKey!;
    const address = publicKeyToAddress(pub);
    this.cache.set(index, address);
    return address;
  }
}

/** The checksummed address of a (compressed or uncompressed) secp256k1 public key. */
export function publicKeyToAddress(pub: Uint8Array): string {
  const full = secp256k1.ProjectivePoint.fromHex(pub).toRawBytes(false);
  return getAddress(`0x${keccak256(bytesToHex(full.slice(1))).slice(-40)}`);
}

/** 0x + 40 hex; mixed case must carry a correct EIP-55 checksum (all lower or all upper has none). */
export function isEvmAddress(address: string): boolean {
  return isAddress(address, { strict: true });
}

/**
 * The deposit addresses' private keys, for sweeping only (EVM_SWEEP_XPRV): the account-level extended
 * private key whose public half is EVM_XPUB (checked here, so a wrong key never signs for an address it
 * does not own). Key `i` is child 0/i, the key of deposit address `i`.
 */
export class XprvSigner {
  private readonly external: HDKey;

  constructor(xprv: string, xpub: string) {
    const account = HDKey.fromExtendedKey(xprv);
    if (!account.privateKey) throw new Error('EVM_SWEEP_XPRV must be an extended PRIVATE key');
    if (account.publicExtendedKey !== HDKey.fromExtendedKey(xpub).publicExtendedKey)
      throw new Error('EVM_SWEEP_XPRV is not the private half of EVM_XPUB');
    this.external = account.deriveChild(0);
  }

  account(index: number): PrivateKeyAccount {
    if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX)
      throw new Error(`derivation index out of range: ${index}`);
    return privateKeyToAccount(bytesToHex(this.external.deriveChild(index).privateKey!));
  }
}
