/**
 * Proof of liabilities (the pol area's): the Merkle-sum trees of 1,000,000 users in each of 10
 * currencies built in memory (leaf hashes and every level, as a snapshot does), then one user's proof
 * read from the built levels and checked by the stand-alone verifier. Targets: build < 10 s, proof < 10 ms.
 * Only the building is timed, not making the random inputs. The trees are built as a snapshot builds
 * them: all currencies at once by the worker pool (tree-pool.ts, one worker per available core); the CPU
 * time counts every thread of the process.
 */
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { verifyProof } from '@oryx/pol-verify';
import { buildTrees } from '../src/modules/pol/tree-pool';
import { bigintOf, hashHex, hex, siblingsOf, type Leaves, type Level } from '../src/modules/pol/tree';

const USERS = 1_000_000;
const CURRENCIES = 10;

function randomLeaves(): Leaves {
  const userIds = new Float64Array(USERS);
  for (let i = 0; i < USERS; i++) userIds[i] = i + 1;
  const sums = new Uint32Array(USERS * 4);
  const noise = new Uint32Array(randomBytes(USERS * 8).buffer);
  for (let i = 0; i < USERS; i++) {
    // Balances below 2^52 minor units, as an exchange's are.
    sums[i * 4 + 2] = noise[i * 2]! & 0xfffff;
    sums[i * 4 + 3] = noise[i * 2 + 1]!;
  }
  return { count: USERS, userIds, nonces: randomBytes(USERS * 16), sums };
}

function proofOf(leaves: Leaves, levels: Level[], index: number) {
  const top = levels[levels.length - 1]!;
  return {
    format: 'oryx-pol-proof/1',
    snapshot_id: 1,
    taken_at: 0,
    currency: { id: 1, name: 'BENCH', scale: 8 },
    leaf: {
      user_id: leaves.userIds[index]!,
      index,
      nonce: hex(leaves.nonces.subarray(index * 16, index * 16 + 16)),
      balance_minor: bigintOf(leaves.sums, index * 4).toString(),
    },
    path: siblingsOf(levels, index).map((n) => ({ hash: hex(n.hash), sum_minor: n.sumMinor.toString() })),
    root: { hash: hashHex(top, 0), sum_minor: bigintOf(top.sums, 0).toString() },
  };
}

export async function runPolBench() {
  const inputs = Array.from({ length: CURRENCIES }, randomLeaves);
  const started = performance.now();
  // CPU time beside wall time: on a shared machine the wall clock also counts other processes' turns.
  const cpu = process.cpuUsage();
  const trees = await buildTrees(inputs);
  const buildMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const buildCpuUs = used.user + used.system;
  console.log(`pol: ${CURRENCIES} currencies built in ${Math.round(buildMs)} ms`);
  const last = trees[trees.length - 1]!;
  const index = Math.floor(USERS / 3);
  const proofStarted = performance.now();
  const proof = proofOf(last.leaves, last.levels, index);
  const proofMs = performance.now() - proofStarted;
  const sha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());
  const verified = await verifyProof(proof, sha);
  return {
    pol_build_ms: Math.round(buildMs),
    pol_build_target_ms: 10_000,
    pol_build_cpu_ms: Math.round(buildCpuUs / 1000),
    pol_proof_ms: Number(proofMs.toFixed(3)),
    pol_proof_target_ms: 10,
    pol_users: USERS,
    pol_currencies: CURRENCIES,
    pol_proof_verified: verified.ok,
    pol_build_workers: Math.min(availableParallelism(), CURRENCIES),
  };
}
