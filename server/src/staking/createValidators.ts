// CreateValidator=Y of Eth2Wallet SaveData: the wallet's mnemonic (generated once, kept
// encrypted) and, for indices StartIdx6 .. StartIdx6+ValidatorCnt6-1 not created yet, one
// validator each with its deposit data (0x01 credentials of the withdrawal address, 32 ETH),
// every entry re-verified by createDepositDataAsync before it is returned. Runs inside the caller's transaction.
import { sql } from 'drizzle-orm';
import {
  createDepositDataAsync,
  generateMnemonic,
  getNetwork,
  type DepositDataEntry,
} from '@payd/validator-keys';
import { invalidField } from '../protocol/errors.ts';
import { rows, type Executor } from '../framework/sqlText.ts';
import type { MnemonicVault } from './mnemonicVault.ts';

export interface CreateValidatorsArgs {
  tx: Executor;
  vault: MnemonicVault;
  walletId: number;
  now: Date;
}

/** DepositJson5: a base64 JSON array whose first item is the validator's deposit data. */
export function encodeDepositJson(entry: DepositDataEntry): string {
  return Buffer.from(JSON.stringify([entry])).toString('base64');
}

export function decodeDepositJson(b64: string): DepositDataEntry {
  const parsed = JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as DepositDataEntry[];
  if (!Array.isArray(parsed) || !parsed[0]) throw new Error('empty deposit json');
  return parsed[0];
}

function fileName(now: Date): string {
  return `deposit_data-${Math.floor(now.getTime() / 1000)}.json`;
}

/** Creates the missing validators of the wallet's range; returns how many were created. */
export async function createValidators(a: CreateValidatorsArgs): Promise<number> {
  const [w] = await rows(
    a.tx,
    sql`SELECT eth2_wallet_id, usr_id, network_id, eth1_withdrawal_addr, start_idx, validator_cnt, mnemonic_enc
        FROM eth2_wallet WHERE eth2_wallet_id = ${a.walletId} FOR UPDATE`,
  );
  if (!w) throw new Error('wallet vanished');
  let network;
  try {
    network = getNetwork(Number(w.network_id));
  } catch {
    throw invalidField('mst.NetworkId6', 'Validators cannot be created on this network');
  }
  const address = String(w.eth1_withdrawal_addr);
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    throw invalidField('mst.Eth1WithdrawalAddr6', 'The withdrawal address must be an Ethereum address');
  const start = Number(w.start_idx);
  const count = Number(w.validator_cnt);
  if (count < 1) throw invalidField('mst.ValidatorCnt6', 'Enter the number of validators to create');

  let mnemonic: string;
  if (w.mnemonic_enc) {
    mnemonic = a.vault.decrypt(String(w.mnemonic_enc), a.walletId);
  } else {
    mnemonic = generateMnemonic();
    await a.tx.execute(
      sql`UPDATE eth2_wallet SET mnemonic_enc = ${a.vault.encrypt(mnemonic, a.walletId)} WHERE eth2_wallet_id = ${a.walletId}`,
    );
  }

  const existing = new Set(
    (await rows(a.tx, sql`SELECT idx FROM eth2_validator WHERE eth2_wallet_id = ${a.walletId}`)).map((r) =>
      Number(r.idx),
    ),
  );
  let entries: DepositDataEntry[];
  try {
    entries = await createDepositDataAsync({
      mnemonic,
      startIndex: start,
      count,
      withdrawalAddress: address,
      network,
    });
  } catch (err) {
    // A mixed-case address with a wrong EIP-55 checksum is the one input the keys refuse.
    throw invalidField(
      'mst.Eth1WithdrawalAddr6',
      `The withdrawal address is not valid: ${(err as Error).message}`,
    );
  }
  const file = fileName(a.now);
  let created = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const idx = start + i;
    if (existing.has(idx)) continue;
    const validatorJson = JSON.stringify({
      pubkey: entry.pubkey,
      signing_key_path: `m/12381/3600/${idx}/0/0`,
      withdrawal_credentials: entry.withdrawal_credentials,
    });
    await a.tx.execute(
      sql`INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, validator_json, deposit_json,
            created_on_utc, status_time_stamp_utc, json_file_name, pub_key, input_by, input_on)
          VALUES (${a.walletId}, ${w.usr_id}, ${idx}, NULL, ${validatorJson}, ${encodeDepositJson(entry)},
            ${a.now.toISOString()}::timestamptz, ${a.now.toISOString()}::timestamptz, ${file}, ${`0x${entry.pubkey}`},
            ${w.usr_id}, ${a.now.toISOString()}::timestamptz)`,
    );
    created++;
  }
  await a.tx.execute(
    sql`UPDATE eth2_wallet SET deposit_json_file = ${JSON.stringify(entries)} WHERE eth2_wallet_id = ${a.walletId}`,
  );
  return created;
}
