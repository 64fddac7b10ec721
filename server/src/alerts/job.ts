// The alert job: one pass evaluates every condition (credits, then validators on the beacon node,
// then the lending protocol on the chain: caches, rewards pool, FETH swaps), records what holds (record.ts: each alert once), then sends the due
// e-mails and digests (delivery.ts: each e-mail once). Every server instance runs it, like the charge
// job; what keeps them from doubling anything is the database's keys and row locks, not a lock on the
// job, so an instance that dies halfway leaves nothing the next pass (on any instance) does not finish.
// One source failing (the beacon node down) does not stop the others.
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { repeatEvery, type Repeating } from '../jobs/repeat.ts';
import { rememberScannedBlock } from './chainScan.ts';
import { sendDigests, sendDueEmails } from './delivery.ts';
import { findCacheConditions, type CacheReader } from './evaluators/caches.ts';
import { findLowCredits } from './evaluators/credits.ts';
import { findOfflineValidators, type OfflineBeacon } from './evaluators/validatorOffline.ts';
import { findConfirmedRequests, findDroppedDeposits } from './evaluators/requestsConfirmed.ts';
import {
  decideWalletRequests,
  scanWalletRequests,
  type RequestBeacon,
  type RequestChainReader,
} from './evaluators/walletRequests.ts';
import { findValidatorEvents } from './evaluators/validatorEvents.ts';
import { recordConditions, recordEvents } from './record.ts';

export interface AlertJobDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The billing clock (on chain 88 embedded, the dev chain's clock). */
  now: () => Promise<Date>;
  /** Credits per 32 ETH and day, and the warning window and grace of the charges (billing). */
  credits: { dailyCharge: string; warningDays: number; graceDays: number };
  /** Null without BEACON_URL: no validator alerts. */
  beacon: OfflineBeacon | null;
  /** Null without a payd deployment: no cache alerts. */
  caches: CacheReader | null;
  /** The customers' wallet requests (EIP-7002/7251 predeploy logs); absent or null: not told. */
  requests?: { chainId: number; chain: RequestChainReader; beacon: RequestBeacon | null } | null;
  /** Where a failing source is reported (the pass goes on). */
  onSourceError?: (source: string, err: unknown) => void;
  /** Called between the steps of a pass (tests stop a pass there). */
  checkpoint?: (step: string) => Promise<void> | void;
}

export interface AlertPassResult {
  /** Ids of the alerts this pass wrote. */
  written: number[];
  emails: number;
  digests: number;
}

export async function runAlertPass(d: AlertJobDeps): Promise<AlertPassResult> {
  const now = await d.now();
  const written: number[] = [];
  const step = async (source: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      if (!d.onSourceError) throw err;
      d.onSourceError(source, err);
    }
    await d.checkpoint?.(source);
  };
  await step('credits', async () => {
    written.push(
      ...(await recordConditions(d.db, 'credits_low', await findLowCredits(d.db, { now, ...d.credits }), {
        now,
      })),
    );
  });
  if (d.beacon) {
    const beacon = d.beacon;
    await step('validators', async () => {
      written.push(
        ...(await recordConditions(d.db, 'validator_offline', await findOfflineValidators(d.db, beacon), {
          now,
        })),
      );
    });
  }
  await step('validator events', async () => {
    const events = await findValidatorEvents(d.db, now);
    written.push(...(await recordEvents(d.db, 'validator_activated', events.activated, now)));
    written.push(...(await recordEvents(d.db, 'validator_exited', events.exited, now)));
    written.push(...(await recordEvents(d.db, 'validator_slashed', events.slashed, now)));
    written.push(...(await recordEvents(d.db, 'validator_withdrawal', events.withdrawals, now)));
    written.push(
      ...(await recordEvents(d.db, 'request_confirmed', await findConfirmedRequests(d.db, now), now)),
    );
    written.push(...(await recordEvents(d.db, 'request_ignored', await findDroppedDeposits(d.db, now), now)));
  });
  if (d.requests) {
    const { chainId, chain, beacon } = d.requests;
    await step('wallet requests', async () => {
      await scanWalletRequests(d.db, chainId, chain, now);
      if (!beacon) return;
      const decided = await decideWalletRequests(d.db, beacon, chain, now);
      written.push(...(await recordEvents(d.db, 'request_confirmed', decided.confirmed, now)));
      written.push(...(await recordEvents(d.db, 'request_ignored', decided.ignored, now)));
      await d.checkpoint?.('wallet requests recorded');
      // Marked once their alerts are written: a pass killed in between decides them again (keyed, no double).
      await decided.settle();
    });
  }
  if (d.caches) {
    const reader = d.caches;
    await step('caches', async () => {
      const found = await findCacheConditions(d.db, reader, now);
      written.push(...(await recordConditions(d.db, 'cache_band', found.bands, { now })));
      // Closed by a liquidation or a redemption holds until the owner opens a cache again.
      written.push(...(await recordConditions(d.db, 'cache_closed', found.closed, { now })));
      // Each redemption that took part of an open cache, once (its transaction is the key).
      written.push(...(await recordEvents(d.db, 'cache_redeemed', found.redeemed, now)));
      // Only now are the scanned blocks' redemptions written: the next pass starts after them.
      if (found.redemptionsScanned) {
        await d.checkpoint?.('cache redemptions');
        await rememberScannedBlock(d.db, found.redemptionsScanned, now);
      }
      written.push(...(await recordConditions(d.db, 'pool_gain', found.poolGains, { now })));
      written.push(...(await recordConditions(d.db, 'feth_claimable', found.fethClaims, { now })));
      written.push(
        ...(await recordConditions(d.db, 'recovery_mode', found.recovery, {
          now,
          // While recovery mode lasts nobody's condition clears (a cache closed meanwhile is not told it ended).
          ...(found.recoveryMode ? { scope: [] } : {}),
          clearedFacts: found.recoveryEnded,
        })),
      );
    });
  }
  const delivery = {
    db: d.db,
    mailer: d.mailer,
    publicUrl: d.publicUrl,
    ...(d.checkpoint ? { checkpoint: d.checkpoint } : {}),
  };
  const emails = await sendDueEmails(delivery, now);
  const digests = await sendDigests(delivery, now);
  return { written, emails, digests };
}

/** Runs a pass now and then `intervalMs` after each ends (never overlapping in a process); stop() waits for one in progress. */
export function startAlertJob(
  d: AlertJobDeps,
  intervalMs: number,
  onError: (err: unknown) => void,
): Repeating {
  return repeatEvery(() => runAlertPass(d).catch(onError), intervalMs);
}
