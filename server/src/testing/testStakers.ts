// Test setup for validator creation: a customer whose KYC a reviewer approved (AP) and whose wallet
// registration is approved (status A), written directly (the KYC review and the signed wallet
// registration have their own tests). kyc_marked_on is set: no on-chain mark is asked for.
import { randomBytes } from 'node:crypto';
import type { TestApp } from './testApp.ts';

export async function approveStaker(
  t: TestApp,
  usrId: number,
  wallet = `0x${randomBytes(20).toString('hex')}`,
): Promise<void> {
  await t.database.query(
    `INSERT INTO kyc_person (name, input_for, internal_status) VALUES ('Approved staker', $1, 'AP')`,
    [usrId],
  );
  await t.database.query(
    `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd, kyc_marked_on)
     VALUES ($1, $2, 'A', now())`,
    [usrId, wallet],
  );
}
