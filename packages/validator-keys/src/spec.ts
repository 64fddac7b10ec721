// Consensus-spec containers and helpers, named after ethereum/consensus-specs (phase0 beacon-chain.md):
// DepositMessage, DepositData, ForkData, SigningData, VoluntaryExit; compute_fork_data_root,
// compute_domain, compute_signing_root.
import { fromHex } from './bytes.ts';
import { hashTreeRootBytes, hashTreeRootContainer, hashTreeRootUint64 } from './ssz.ts';

/** DomainType constants (phase0). */
export const DOMAIN_DEPOSIT = fromHex('03000000', 4);
export const DOMAIN_VOLUNTARY_EXIT = fromHex('04000000', 4);

/** Root of 32 zero bytes: the genesis_validators_root used for deposits (deposits are valid across forks). */
export const ZERO_ROOT = new Uint8Array(32);

export interface DepositMessage {
  pubkey: Uint8Array; // BLSPubkey, 48 bytes
  withdrawal_credentials: Uint8Array; // Bytes32
  amount: bigint; // Gwei
}

export interface DepositData extends DepositMessage {
  signature: Uint8Array; // BLSSignature, 96 bytes
}

export interface VoluntaryExit {
  epoch: bigint;
  validator_index: bigint;
}

function assertLength(bytes: Uint8Array, length: number, what: string): void {
  if (bytes.length !== length) throw new Error(`${what} must be ${length} bytes, got ${bytes.length}`);
}

/** hash_tree_root(DepositMessage). */
export function hashTreeRootDepositMessage(m: DepositMessage): Uint8Array {
  assertLength(m.pubkey, 48, 'pubkey');
  assertLength(m.withdrawal_credentials, 32, 'withdrawal_credentials');
  return hashTreeRootContainer([
    hashTreeRootBytes(m.pubkey),
    hashTreeRootBytes(m.withdrawal_credentials),
    hashTreeRootUint64(m.amount),
  ]);
}

/** hash_tree_root(DepositData). */
export function hashTreeRootDepositData(d: DepositData): Uint8Array {
  assertLength(d.pubkey, 48, 'pubkey');
  assertLength(d.withdrawal_credentials, 32, 'withdrawal_credentials');
  assertLength(d.signature, 96, 'signature');
  return hashTreeRootContainer([
    hashTreeRootBytes(d.pubkey),
    hashTreeRootBytes(d.withdrawal_credentials),
    hashTreeRootUint64(d.amount),
    hashTreeRootBytes(d.signature),
  ]);
}

/** hash_tree_root(VoluntaryExit). */
export function hashTreeRootVoluntaryExit(e: VoluntaryExit): Uint8Array {
  return hashTreeRootContainer([hashTreeRootUint64(e.epoch), hashTreeRootUint64(e.validator_index)]);
}

/** compute_fork_data_root(current_version, genesis_validators_root) = hash_tree_root(ForkData). */
export function computeForkDataRoot(
  currentVersion: Uint8Array,
  genesisValidatorsRoot: Uint8Array,
): Uint8Array {
  assertLength(currentVersion, 4, 'fork version');
  assertLength(genesisValidatorsRoot, 32, 'genesis_validators_root');
  return hashTreeRootContainer([hashTreeRootBytes(currentVersion), genesisValidatorsRoot]);
}

/** compute_domain(domain_type, fork_version, genesis_validators_root): domain_type + fork_data_root[:28]. */
export function computeDomain(
  domainType: Uint8Array,
  forkVersion: Uint8Array,
  genesisValidatorsRoot: Uint8Array = ZERO_ROOT,
): Uint8Array {
  assertLength(domainType, 4, 'domain type');
  const forkDataRoot = computeForkDataRoot(forkVersion, genesisValidatorsRoot);
  const domain = new Uint8Array(32);
  domain.set(domainType, 0);
  domain.set(forkDataRoot.subarray(0, 28), 4);
  return domain;
}

/** compute_signing_root(ssz_object, domain) = hash_tree_root(SigningData(object_root, domain)). */
export function computeSigningRoot(objectRoot: Uint8Array, domain: Uint8Array): Uint8Array {
  assertLength(objectRoot, 32, 'object root');
  assertLength(domain, 32, 'domain');
  return hashTreeRootContainer([objectRoot, domain]);
}
