// Customers with validators and payments written straight into the database, for the charge tests
// and the charge bench (the staking and payment flows that make them for real have their own tests).
import type { Database } from '../../db/database.ts';

export interface Customer {
  usrId: number;
  /** eth2_validator ids, in creation order. */
  validatorIds: number[];
}

let seq = 0;

/**
 * `count` customers, each with an approved stake wallet (status A) and `validators` validators of
 * status `code` activated at `activatedAt`. Written set-based, so that 10,000 validators take a
 * moment.
 */
export async function makeCustomers(
  database: Database,
  o: { count: number; validators: number; activatedAt: Date; code?: string },
): Promise<Customer[]> {
  const tag = `${process.pid}_${Date.now()}_${seq++}`;
  const users = await database.query<{ usr_id: number }>(
    `INSERT INTO users (usr_name, password_hash, created_at, password_changed_at)
     SELECT 'charge_' || $1 || '_' || g || '@example.com', 'x', now(), now() FROM generate_series(1, $2::int) g
     RETURNING usr_id`,
    [tag, o.count],
  );
  const ids = users.map((u) => Number(u.usr_id)).sort((a, b) => a - b);
  await database.query(
    `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd)
     SELECT u, '0x' || lpad(to_hex(u), 40, '0'), 'A' FROM unnest($1::int[]) u`,
    [ids],
  );
  const wallets = await database.query<{ eth2_wallet_id: number; usr_id: number }>(
    `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr, validator_cnt)
     SELECT u, '88', '0x' || lpad(to_hex(u), 40, '0'), $2 FROM unnest($1::int[]) u
     RETURNING eth2_wallet_id, usr_id`,
    [ids, o.validators],
  );
  const validators = await database.query<{ eth2_validator_id: number; usr_id: number }>(
    `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, activation_utc,
                                 created_on_utc, status_time_stamp_utc)
     SELECT w.id, w.usr, i, $4, '0x' || $5 || '_' || w.id || '_' || i, $3::timestamptz, $3::timestamptz, $3::timestamptz
     FROM unnest($1::int[], $2::int[]) AS w(id, usr), generate_series(0, $6::int - 1) i
     RETURNING eth2_validator_id, usr_id`,
    [
      wallets.map((w) => Number(w.eth2_wallet_id)),
      wallets.map((w) => Number(w.usr_id)),
      o.activatedAt.toISOString(),
      o.code ?? '3',
      tag,
      o.validators,
    ],
  );
  const byUser = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const v of validators) byUser.get(Number(v.usr_id))!.push(Number(v.eth2_validator_id));
  return ids.map((usrId) => ({ usrId, validatorIds: byUser.get(usrId)!.sort((a, b) => a - b) }));
}

/** A successful card top-up of `credits` (a decimal string) paid at `paidOn`. */
export async function topUp(database: Database, usrId: number, credits: string, paidOn: Date): Promise<void> {
  await database.query(
    `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id)
     VALUES ('C', $2::numeric, $2::numeric, 'S', $3::timestamptz, $1)`,
    [usrId, credits, paidOn.toISOString()],
  );
}
