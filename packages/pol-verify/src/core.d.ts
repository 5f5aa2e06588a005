/** Types of core.mjs (docs/proof-of-liabilities.md). */
export declare const PROOF_FORMAT: 'oryx-pol-proof/1';
export declare const LEAF_TAG: number;
export declare const NODE_TAG: number;
export declare const HASH_BYTES: number;
export declare const NONCE_BYTES: number;
export declare const SUM_BYTES: number;
export declare const LEAF_BYTES: number;
export declare const NODE_BYTES: number;
export declare const PATH_MAX: number;
export declare const SUM_LIMIT: bigint;
export declare const USER_ID_LIMIT: bigint;
export declare const PADDING_HASH_HEX: string;

export type Sha256 = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/** A proof file as JSON (the wire format, docs/proof-of-liabilities.md). */
export interface ProofFile {
  format: 'oryx-pol-proof/1';
  snapshot_id: number;
  taken_at: number;
  currency: { id: number; name: string; scale: number };
  leaf: { user_id: number; index: number; nonce: string; balance_minor: string };
  path: { hash: string; sum_minor: string }[];
  root: { hash: string; sum_minor: string };
}

export interface ReadProof {
  snapshotId: number;
  takenAt: number;
  currency: { id: number; name: string; scale: number };
  userId: number;
  index: number;
  nonce: Uint8Array;
  balanceMinor: bigint;
  path: { hash: Uint8Array; sumMinor: bigint }[];
  rootHash: Uint8Array;
  rootSumMinor: bigint;
}

export type Verification =
  | { ok: true; balanceMinor: bigint; rootHash: string; rootSumMinor: bigint; proof: ReadProof }
  | { ok: false; reason: string };

export declare function hexToBytes(hex: string, bytes: number): Uint8Array;
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function writeUint(out: Uint8Array, offset: number, value: bigint, width: number): void;
export declare function encodeLeaf(
  userId: number | bigint,
  nonce: Uint8Array,
  balanceMinor: bigint,
): Uint8Array;
export declare function encodeNode(
  leftHash: Uint8Array,
  leftSum: bigint,
  rightHash: Uint8Array,
  rightSum: bigint,
): Uint8Array;
export declare function readProof(json: unknown): ReadProof;
export declare function verifyProof(
  json: unknown,
  sha256: Sha256,
  expectedRoot?: string,
): Promise<Verification>;
export declare function formatMinor(minor: bigint, scale: number): string;
export declare const webSha256: (bytes: Uint8Array) => Promise<Uint8Array>;
