// Signed deposit data for the validator pool, made by @payd/validator-keys (its deposit-data script,
// packages/validator-keys/scripts/makeDepositData.mjs, in a child process: contracts imports no
// package) with withdrawal credentials 0x01 ++ 11 zero bytes ++ the pool's address.
import { execFileSync } from 'node:child_process';
import type { Address, Hex } from 'viem';
import { contractsRoot } from './artifacts';

/** IValidatorPool.ValidatorDeposit */
export interface ValidatorDeposit {
  pubkey: Hex;
  withdrawal_credentials: Hex;
  signature: Hex;
  deposit_data_root: Hex;
}

interface DepositDataEntry {
  pubkey: string;
  withdrawal_credentials: string;
  signature: string;
  deposit_data_root: string;
}

const made = new Map<string, ValidatorDeposit[]>();

/** `count` deposits of validator indices start.. of the test mnemonic, for `pool`. */
export function validatorDeposits(pool: Address, start: number, count: number): ValidatorDeposit[] {
  const key = `${pool.toLowerCase()}:${start}:${count}`;
  const cached = made.get(key);
  if (cached) return cached;
  const out = execFileSync(
    'npm',
    ['run', '-s', 'deposit-data', '-w', '@payd/validator-keys', '--', pool, String(start), String(count)],
    { cwd: contractsRoot, maxBuffer: 64 * 1024 * 1024 },
  );
  const deposits = (JSON.parse(out.toString('utf8')) as DepositDataEntry[]).map((e) => ({
    pubkey: `0x${e.pubkey}` as Hex,
    withdrawal_credentials: `0x${e.withdrawal_credentials}` as Hex,
    signature: `0x${e.signature}` as Hex,
    deposit_data_root: `0x${e.deposit_data_root}` as Hex,
  }));
  made.set(key, deposits);
  return deposits;
}
