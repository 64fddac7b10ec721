// A validator offline for N epochs (N chosen by the customer, default 3): an active validator whose
// consensus rewards over the last N ended epochs are not above zero, read from the beacon node through
// the reader the validator sync uses (BeaconClient.getRewards). Only validators the sync last saw
// active (code 3) and active for all N epochs count: an exiting or exited validator is quiet, and its
// condition clears. The money: what it lost (penalties) over those epochs.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { parsedRows } from '../../framework/sqlText.ts';
import type { BeaconClient } from '../../staking/index.ts';
import { preferencesOfMany } from '../preferences.ts';
import type { Finding } from '../record.ts';

const BATCH = 1000;

const formatGwei = (gwei: bigint) => {
  const neg = gwei < 0n;
  const g = neg ? -gwei : gwei;
  const frac = (g % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${g / 1_000_000_000n}${frac ? `.${frac}` : ''}`;
};

/** What the offline evaluator reads of the beacon node. */
export type OfflineBeacon = Pick<BeaconClient, 'getSpec' | 'getHeadSlot' | 'getRewards'>;

export async function findOfflineValidators(db: Db, beacon: OfflineBeacon): Promise<Finding[]> {
  const active = await parsedRows(
    db,
    sql`SELECT v.usr_id, lower(v.pub_key) AS pubkey, v.validator_index::text AS idx, v.activation_epoch::text AS activation
        FROM eth2_validator v
        WHERE v.validator_status_cd = '3' AND v.validator_index IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM stake_wallet_address w WHERE w.usr_id = v.usr_id AND w.stake_wallet_status_cd = 'D')
        ORDER BY v.validator_index`,
    z.object({ usr_id: z.number(), pubkey: z.string(), idx: z.string(), activation: z.string().nullable() }),
  );
  if (!active.length) return [];
  const [spec, head] = await Promise.all([beacon.getSpec(), beacon.getHeadSlot()]);
  // Epochs before the head's have ended; the rewards of [head - N, head) are known.
  const headEpoch = head / spec.slotsPerEpoch;
  const prefs = await preferencesOfMany(db, [...new Set(active.map((v) => v.usr_id))]);
  const byEpochs = new Map<number, typeof active>();
  for (const v of active) {
    const n = prefs.get(v.usr_id)!.offlineEpochs;
    const from = headEpoch - BigInt(n);
    if (from < 0n || v.activation === null || BigInt(v.activation) > from) continue;
    let list = byEpochs.get(n);
    if (!list) byEpochs.set(n, (list = []));
    list.push(v);
  }
  const findings: Finding[] = [];
  for (const [n, list] of byEpochs) {
    for (let i = 0; i < list.length; i += BATCH) {
      const part = list.slice(i, i + BATCH);
      const rewards = await beacon.getRewards(
        part.map((v) => v.idx),
        { fromEpoch: headEpoch - BigInt(n), toEpoch: headEpoch },
      );
      const earned = new Map(rewards.map((r) => [r.validatorIndex.toString(), r.consensusGwei]));
      for (const v of part) {
        const gwei = earned.get(v.idx);
        if (gwei === undefined || gwei > 0n) continue;
        findings.push({
          usrId: v.usr_id,
          subject: v.pubkey,
          facts: { pubkey: v.pubkey, index: v.idx, epochs: n, lostEth: formatGwei(-gwei) },
        });
      }
    }
  }
  return findings;
}
