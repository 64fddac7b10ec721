// The pool's validator keys: one mnemonic for the whole pool (made once, kept encrypted in pool_key
// row 1) and, per key index, deposit data of 32 ETH whose 0x01 withdrawal credentials name the
// ValidatorPool, signed for the chain's network (on chain 88 the dev beacon's payd-devnet fork).
// Signing runs on a DepositDataPool's worker threads; the mnemonic is never logged or returned.
import { eq, sql } from 'drizzle-orm';
import {
  deriveValidatorKeys,
  generateMnemonic,
  getNetwork,
  type DepositDataEntry,
  type Network,
} from '@payd/validator-keys';
import type { DepositDataPool } from '@payd/validator-keys/node';
import type { Db } from '../db/database.ts';
import { poolKey } from '../db/schema.ts';
import type { PoolKeyVault } from './poolKeyVault.ts';
import type { PoolValidatorDeposit } from './poolChain.ts';

const KEY_ID = 1;

/** The pool mnemonic, made and stored the first time; two runners at once keep the first one stored. */
export async function poolMnemonic(db: Db, vault: PoolKeyVault): Promise<string> {
  const stored = () =>
    db.select({ mnemonicEnc: poolKey.mnemonicEnc }).from(poolKey).where(eq(poolKey.poolKeyId, KEY_ID));
  const [found] = await stored();
  if (found) return vault.decrypt(found.mnemonicEnc, KEY_ID);
  const enc = vault.encrypt(generateMnemonic(), KEY_ID);
  await db.execute(
    sql`INSERT INTO pool_key (pool_key_id, mnemonic_enc) VALUES (${KEY_ID}, ${enc}) ON CONFLICT (pool_key_id) DO NOTHING`,
  );
  const [kept] = await stored();
  return vault.decrypt(kept!.mnemonicEnc, KEY_ID);
}

/** The network whose fork version signs the pool's deposits and exits. */
export function poolNetwork(chainId: number): Network {
  return getNetwork(chainId);
}

/** Deposit data of key indices [startIndex, startIndex + count) with the pool as withdrawal address. */
export function poolDepositData(
  signer: DepositDataPool,
  o: { mnemonic: string; startIndex: number; count: number; poolAddress: string; network: Network },
): Promise<DepositDataEntry[]> {
  return signer.createDepositData({
    mnemonic: o.mnemonic,
    startIndex: o.startIndex,
    count: o.count,
    withdrawalAddress: o.poolAddress,
    network: o.network,
  });
}

const hex = (s: string) => (s.startsWith('0x') ? s : `0x${s}`) as `0x${string}`;

/** A stored deposit data entry as addValidators takes it. */
export function toPoolDeposit(entry: DepositDataEntry): PoolValidatorDeposit {
  return {
    pubkey: hex(entry.pubkey),
    withdrawal_credentials: hex(entry.withdrawal_credentials),
    signature: hex(entry.signature),
    deposit_data_root: hex(entry.deposit_data_root),
  };
}

/** The signing key of key index `idx` (m/12381/3600/idx/0/0); the caller zeroes it after use. */
export function poolSigningKey(mnemonic: string, idx: number, pubkey: string): Uint8Array {
  const keys = deriveValidatorKeys(mnemonic, idx);
  keys.withdrawalKey.fill(0);
  if (`0x${keys.pubkey}`.toLowerCase() !== pubkey.toLowerCase()) {
    keys.signingKey.fill(0);
    throw new Error(`pool key ${idx} does not match its stored pubkey`);
  }
  return keys.signingKey;
}
