// Migration 0271 on a database that already has validators and combined 'proposal' rows: every
// validator gets its wallet's address as fee recipient, and each proposal becomes a fees row and an
// MEV row with the same payment, the daily sums unchanged.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/database.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';

const MIGRATION = readFileSync(
  new URL('../db/migrations/0271_validator_fee_recipient.sql', import.meta.url),
  'utf8',
);

describe.each(testDatabaseKinds)('migration 0271 on %s', (kind) => {
  it('sets fee recipients and splits proposals into fees and MEV rows', async () => {
    const { database, drop } = await openTestDatabase(kind);
    try {
      await migrate(database);
      // The state before 0271: no fee recipient, one combined row per proposal.
      await database.exec(`ALTER TABLE eth2_validator DROP COLUMN fee_recipient`);
      const [u] = await database.query<{ id: number }>(
        `INSERT INTO users (usr_name, password_hash, created_at, password_changed_at)
         VALUES ('alice@example.com', 'x', now(), now()) RETURNING usr_id AS id`,
      );
      const [w] = await database.query<{ id: number }>(
        `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES (${u!.id}, '88', '0xAbCd${'0'.repeat(36)}')
         RETURNING eth2_wallet_id AS id`,
      );
      const [v] = await database.query<{ id: number }>(
        `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, pub_key) VALUES ($1, $2, 0, '0xaa')
         RETURNING eth2_validator_id AS id`,
        [w!.id, u!.id],
      );
      await database.query(
        `INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, mining_reward_amt,
           mev_reward_amt, time_stamp, slot_nbr, tx_status_cd)
         VALUES ($1, $2, $3, 'proposal', '3600', 0.00009, 0.00013, '2026-11-20T03:00:00Z', 3600, 'S')`,
        [w!.id, v!.id, u!.id],
      );
      const daily = () =>
        database.query(`SELECT mining_reward_amt::text, mev_reward_amt::text, tx_count FROM eth_tx_daily`);
      const before = await daily();

      await database.exec(`BEGIN; ${MIGRATION} COMMIT;`);

      expect(await database.query(`SELECT fee_recipient FROM eth2_validator`)).toEqual([
        { fee_recipient: `0xabcd${'0'.repeat(36)}` },
      ]);
      expect(
        await database.query(
          `SELECT tx_kind, source_key, mining_reward_amt::text AS fees, mev_reward_amt::text AS mev, slot_nbr::text AS slot
           FROM eth_tx_history ORDER BY tx_kind`,
        ),
      ).toEqual([
        {
          tx_kind: 'el_fees',
          source_key: '3600',
          fees: '0.000090000000000000',
          mev: '0.000000000000000000',
          slot: '3600',
        },
        {
          tx_kind: 'el_mev',
          source_key: '3600',
          fees: '0.000000000000000000',
          mev: '0.000130000000000000',
          slot: '3600',
        },
      ]);
      const after = await daily();
      expect(after.map((r) => ({ ...r, tx_count: undefined }))).toEqual(
        before.map((r) => ({ ...r, tx_count: undefined })),
      );
    } finally {
      await drop();
    }
  });
});
