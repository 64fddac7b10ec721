// The Eth2WalletWs calls beyond the common screen operations: SyncValidators (beacon state, deposit
// logs and rewards into the validators and the history), WithdrawValidators / WithdrawValidator
// (voluntary exits signed on the server with the validator's key) and DisplayMnemonic.
import { sql } from 'drizzle-orm';
import { deriveValidatorKeys, signVoluntaryExit } from '@payd/validator-keys';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Caller } from '../framework/definition.ts';
import { rows, type Executor } from '../framework/sqlText.ts';
import { failed, forbidden } from '../protocol/errors.ts';
import { requireRecentSignIn } from '../auth/recentSignIn.ts';
import {
  BeaconApiError,
  BeaconTime,
  statusCodeOf,
  type BeaconClient,
  type ValidatorRewards,
} from './beacon/index.ts';
import { estimateActivation } from './activationQueue.ts';
import { gweiToEth } from './amounts.ts';
import type { DepositLogReader } from './depositLogs.ts';
import { STAKED_CODES, StakingMessages, WITHDRAWABLE_AFTER_MS } from './messages.ts';
import type { MnemonicVault } from './mnemonicVault.ts';

export interface WalletActionsDeps {
  db: Db;
  clock: Clock;
  vault: MnemonicVault;
  /** Null when no beacon node is configured (BEACON_URL): the beacon calls then fail politely. */
  beacon: BeaconClient | null;
  deposits: DepositLogReader | null;
}

interface WalletRow {
  id: number;
  networkId: number;
  mnemonicEnc: string | null;
}

interface ValidatorRow {
  id: number;
  walletId: number;
  idx: number;
  pubkey: string;
  code: string | null;
  validatorIndex: bigint | null;
  activationUtc: Date | null;
  rewardsSyncedEpoch: bigint | null;
}

/** Epochs a standard beacon node sums in one rewards call (HttpBeaconClient's default). */
const STANDARD_REWARD_EPOCHS = 225n;

/** Code 3 (active) with an index, activated more than 2 days (172,800,000 ms) before `now`. */
function isWithdrawable(v: ValidatorRow, now: number): boolean {
  return (
    v.code === '3' &&
    v.validatorIndex !== null &&
    v.activationUtc !== null &&
    now - v.activationUtc.getTime() > WITHDRAWABLE_AFTER_MS
  );
}

const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(String(v)));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(String(v)));

export class WalletActions {
  constructor(private readonly d: WalletActionsDeps) {}

  /** The caller's wallets at `walletAddress`; another customer's address answers access denied. */
  private async wallets(exec: Executor, caller: Caller, walletAddress: string): Promise<WalletRow[]> {
    const found = await rows(
      exec,
      sql`SELECT eth2_wallet_id, network_id, mnemonic_enc FROM eth2_wallet
          WHERE usr_id = ${caller.usrId} AND lower(eth1_withdrawal_addr) = lower(${walletAddress})
          ORDER BY eth2_wallet_id`,
    );
    if (!found.length) throw forbidden(StakingMessages.noWallet);
    return found.map((r) => ({
      id: Number(r.eth2_wallet_id),
      networkId: Number(r.network_id),
      mnemonicEnc: r.mnemonic_enc === null ? null : String(r.mnemonic_enc),
    }));
  }

  private async validators(exec: Executor, walletIds: number[]): Promise<ValidatorRow[]> {
    const found = await rows(
      exec,
      sql`SELECT eth2_validator_id, eth2_wallet_id, idx, pub_key, validator_status_cd, validator_index::text AS vi,
                 activation_utc, rewards_synced_epoch::text AS rse
          FROM eth2_validator WHERE eth2_wallet_id IN (${sql.join(
            walletIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY eth2_wallet_id, idx`,
    );
    return found.map((r) => ({
      id: Number(r.eth2_validator_id),
      walletId: Number(r.eth2_wallet_id),
      idx: Number(r.idx),
      pubkey: String(r.pub_key).toLowerCase(),
      code: r.validator_status_cd === null ? null : String(r.validator_status_cd),
      validatorIndex: big(r.vi),
      activationUtc: date(r.activation_utc),
      rewardsSyncedEpoch: big(r.rse),
    }));
  }

  private beacon(): BeaconClient {
    if (!this.d.beacon) throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
    return this.d.beacon;
  }

  /**
   * The time the 2-day rule is measured at: the beacon chain's (start of the head slot), since
   * activation times are the chain's epochs and the dev chain's clock can be moved ahead of the
   * server's (POST /dev/time); the server clock only when no beacon node is configured.
   */
  private async chainNow(): Promise<number> {
    if (!this.d.beacon) return this.d.clock.now().getTime();
    try {
      const [spec, genesis, head] = await Promise.all([
        this.d.beacon.getSpec(),
        this.d.beacon.getGenesis(),
        this.d.beacon.getHeadSlot(),
      ]);
      return new BeaconTime(genesis, spec).slotStart(head).getTime();
    } catch (err) {
      if (err instanceof BeaconApiError)
        throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
      throw err;
    }
  }

  /** DisplayMnemonic: the 24 words, to the owner only, after a proven sign-in within 5 minutes. */
  async displayMnemonic(caller: Caller, sessionId: string, ip: string, walletAddress: string) {
    const [wallet] = (await this.wallets(this.d.db, caller, walletAddress)).filter((w) => w.mnemonicEnc);
    if (!wallet) throw failed('no_validators', StakingMessages.noValidators);
    // A proven sign-in (or ConfirmIdentity) within the last 5 minutes, else 403 reauth_required.
    await requireRecentSignIn(this.d.db, this.d.clock, sessionId, StakingMessages.reAuthRequired);
    const mnemonic = this.d.vault.decrypt(wallet.mnemonicEnc!, wallet.id);
    await this.d.db.execute(
      sql`INSERT INTO mnemonic_reveal (eth2_wallet_id, usr_id, session_id, ip, revealed_on)
          VALUES (${wallet.id}, ${caller.usrId}, ${sessionId}, ${ip}, ${this.d.clock.now().toISOString()}::timestamptz)`,
    );
    return { mst: { Eth2WalletId6: wallet.id, Mnemonic: mnemonic } };
  }

  /** WithdrawValidators: exits the first `count` withdrawable validators of the wallet. */
  async withdrawValidators(caller: Caller, walletAddress: string, count: number, reason: string) {
    const wallets = await this.wallets(this.d.db, caller, walletAddress);
    const all = await this.validators(
      this.d.db,
      wallets.map((w) => w.id),
    );
    const staked = all.filter((v) => v.code !== null && STAKED_CODES.includes(v.code)).length;
    if (count > staked) throw failed('withdraw_too_much', StakingMessages.drawingDownTooMuch);
    const now = await this.chainNow();
    const withdrawable = all
      .filter((v) => isWithdrawable(v, now))
      .sort((a, b) => a.activationUtc!.getTime() - b.activationUtc!.getTime() || a.id - b.id);
    if (count > withdrawable.length) throw failed('not_enough_active', StakingMessages.notEnoughActive);
    const exited: string[] = [];
    for (const v of withdrawable.slice(0, count)) {
      await this.exit(
        wallets.find((w) => w.id === v.walletId)!,
        v,
        reason,
      );
      exited.push(v.pubkey);
    }
    return { Exited: exited };
  }

  /** WithdrawValidator: exits the named validator of the wallet. */
  async withdrawValidator(caller: Caller, walletAddress: string, pubkey: string) {
    const wallets = await this.wallets(this.d.db, caller, walletAddress);
    const all = await this.validators(
      this.d.db,
      wallets.map((w) => w.id),
    );
    const key = (pubkey.startsWith('0x') ? pubkey : `0x${pubkey}`).toLowerCase();
    const v = all.find((x) => x.pubkey === key);
    if (!v) throw forbidden(StakingMessages.noWallet);
    if (!isWithdrawable(v, await this.chainNow())) throw failed('not_ready', StakingMessages.notReady);
    await this.exit(
      wallets.find((w) => w.id === v.walletId)!,
      v,
      null,
    );
    return { Exited: [v.pubkey] };
  }

  /**
   * Exits every active validator (code 3, known to the beacon chain) of the customer `usrId`, as
   * WithdrawValidator does but without a caller: the termination for unpaid fees (billing/charges)
   * uses it. A validator the beacon node refuses (not active long enough, node down) is listed in
   * `refused` and stays code 3, so a later call tries it again.
   */
  async exitAllOf(usrId: number, reason: string): Promise<{ exited: string[]; refused: string[] }> {
    const found = await rows(
      this.d.db,
      sql`SELECT eth2_wallet_id, network_id, mnemonic_enc FROM eth2_wallet WHERE usr_id = ${usrId}`,
    );
    const wallets: WalletRow[] = found.map((r) => ({
      id: Number(r.eth2_wallet_id),
      networkId: Number(r.network_id),
      mnemonicEnc: r.mnemonic_enc === null ? null : String(r.mnemonic_enc),
    }));
    const out = { exited: [] as string[], refused: [] as string[] };
    if (!wallets.length) return out;
    const all = await this.validators(
      this.d.db,
      wallets.map((w) => w.id),
    );
    for (const v of all.filter((x) => x.code === '3' && x.validatorIndex !== null)) {
      try {
        await this.exit(
          wallets.find((w) => w.id === v.walletId)!,
          v,
          reason,
        );
        out.exited.push(v.pubkey);
      } catch {
        out.refused.push(v.pubkey);
      }
    }
    return out;
  }

  /** Signs a voluntary exit at the head's epoch with the validator's key and submits it. */
  private async exit(wallet: WalletRow, v: ValidatorRow, reason: string | null): Promise<void> {
    const beacon = this.beacon();
    if (!wallet.mnemonicEnc) throw failed('not_ready', StakingMessages.notReady);
    const keys = deriveValidatorKeys(this.d.vault.decrypt(wallet.mnemonicEnc, wallet.id), v.idx);
    if (`0x${keys.pubkey}`.toLowerCase() !== v.pubkey)
      throw new Error('validator key does not match its pubkey');
    const spec = await beacon.getSpec();
    const epoch = (await beacon.getHeadSlot()) / spec.slotsPerEpoch;
    const signed = signVoluntaryExit({
      secretKey: keys.signingKey,
      validatorIndex: v.validatorIndex!,
      epoch,
      network: wallet.networkId,
    });
    keys.signingKey.fill(0);
    keys.withdrawalKey.fill(0);
    try {
      await beacon.submitVoluntaryExit(signed);
    } catch (err) {
      if (err instanceof BeaconApiError && err.status === 400)
        throw failed('exit_rejected', `${StakingMessages.notReady} (${err.message})`);
      if (err instanceof BeaconApiError)
        throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
      throw err;
    }
    const now = this.d.clock.now().toISOString();
    await this.d.db.execute(
      sql`UPDATE eth2_validator SET validator_status_cd = '4', status_time_stamp_utc = ${now}::timestamptz,
            remark = coalesce(${reason}, remark)
          WHERE eth2_validator_id = ${v.id}`,
    );
  }

  /** SyncValidators: beacon status, balances, epochs and times; deposits and rewards into the history. */
  async syncValidators(caller: Caller, walletAddress: string) {
    const wallets = await this.wallets(this.d.db, caller, walletAddress);
    const all = await this.validators(
      this.d.db,
      wallets.map((w) => w.id),
    );
    if (!all.length) return { Validators: 0, NewHistory: 0, BeaconTimeUtc: null };
    const beacon = this.beacon();
    let spec, genesis, head, onChain;
    try {
      [spec, genesis, head, onChain] = await Promise.all([
        beacon.getSpec(),
        beacon.getGenesis(),
        beacon.getHeadSlot(),
        beacon.getValidators(all.map((v) => v.pubkey)),
      ]);
    } catch (err) {
      if (err instanceof BeaconApiError)
        throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
      throw err;
    }
    const time = new BeaconTime(genesis, spec);
    const headEpoch = head / spec.slotsPerEpoch;
    const byKey = new Map(onChain.map((b) => [b.pubkey.toLowerCase(), b]));
    const deposits = this.d.deposits
      ? await this.d.deposits.depositsOf(
          spec.depositContractAddress as `0x${string}`,
          new Set(all.map((v) => v.pubkey)),
        )
      : [];
    const depositedKeys = new Set(deposits.map((x) => x.pubkey));

    // Validators waiting for activation: their place in the chain's queue and a rough date.
    const waiting = all.filter((v) => {
      const b = byKey.get(v.pubkey);
      return b
        ? b.status === 'pending_initialized' || b.status === 'pending_queued'
        : depositedKeys.has(v.pubkey);
    });
    const queue: Record<string, unknown>[] = [];
    if (waiting.length) {
      let pending;
      try {
        pending = await beacon.getPendingValidators();
      } catch (err) {
        if (!(err instanceof BeaconApiError)) throw err;
        pending = null; // the estimate is a courtesy: a node that cannot list them gives none
      }
      for (const v of pending ? waiting : []) {
        const deposit = deposits.filter((x) => x.pubkey === v.pubkey).at(-1);
        const e = estimateActivation({
          validator: byKey.get(v.pubkey) ?? null,
          depositTime: deposit?.timestamp ?? null,
          pending: pending!,
          headEpoch,
          spec,
          time,
        });
        if (e)
          queue.push({
            PubKey: v.pubkey,
            Position: e.position,
            QueueLength: e.queueLength,
            ActivationEpoch: e.activationEpoch.toString(),
            Scheduled: e.scheduled,
            ActivationUtc: e.activationUtc.toISOString(),
          });
      }
    }

    // Rewards since each validator's last sync, grouped by their starting epoch (one call each).
    const groups = new Map<bigint, ValidatorRow[]>();
    for (const v of all) {
      const b = byKey.get(v.pubkey);
      if (!b || b.activationEpoch === null) continue;
      const from = v.rewardsSyncedEpoch ?? b.activationEpoch;
      if (from >= headEpoch) continue;
      groups.set(from, [...(groups.get(from) ?? []), v]);
    }
    const rewards: Array<{ from: bigint; to: bigint; r: ValidatorRewards[] }> = [];
    for (const [from, vs] of groups) {
      const indices = vs.map((v) => String(byKey.get(v.pubkey)!.index));
      let to = headEpoch;
      let r: ValidatorRewards[];
      try {
        r = await beacon.getRewards(indices, { fromEpoch: from, toEpoch: to });
      } catch (err) {
        // A standard beacon node adds rewards up epoch by epoch and takes a bounded range:
        // catch up one bounded range per sync.
        if (!(err instanceof BeaconApiError)) throw err;
        if (err.status !== 400 || from + STANDARD_REWARD_EPOCHS >= headEpoch)
          throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
        to = from + STANDARD_REWARD_EPOCHS;
        r = await beacon.getRewards(indices, { fromEpoch: from, toEpoch: to });
      }
      rewards.push({ from, to, r });
    }

    const now = this.d.clock.now();
    let inserted = 0;
    const headUtc = time.slotStart(head).toISOString();
    await this.d.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE eth2_wallet SET beacon_head_utc = greatest(beacon_head_utc, ${headUtc}::timestamptz)
            WHERE eth2_wallet_id IN (${sql.join(
              wallets.map((w) => sql`${w.id}`),
              sql`, `,
            )})`,
      );
      const insert = async (v: ValidatorRow, kind: string, key: string, cols: Record<string, unknown>) => {
        const res = await rows(
          tx,
          sql`INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key,
                stake_amt, withdraw_amt, stake_reward_amt, mining_reward_amt, mev_reward_amt,
                time_stamp, block_nbr, epoch_nbr, slot_nbr, tx_hash, tx_status_cd)
              VALUES (${v.walletId}, ${v.id}, ${caller.usrId}, ${kind}, ${key},
                ${cols.stake ?? '0'}::numeric, ${cols.withdraw ?? '0'}::numeric, ${cols.stakeReward ?? '0'}::numeric,
                ${cols.mining ?? '0'}::numeric, ${cols.mev ?? '0'}::numeric, ${(cols.time as Date).toISOString()}::timestamptz,
                ${cols.block ?? null}::bigint, ${cols.epoch ?? null}::bigint, ${cols.slot ?? null}::bigint,
                ${cols.txHash ?? null}, 'S')
              ON CONFLICT (eth2_validator_id, tx_kind, source_key) DO NOTHING
              RETURNING tx_history_id`,
        );
        inserted += res.length;
      };
      for (const v of all) {
        const b = byKey.get(v.pubkey);
        let code = v.code;
        if (b) code = statusCodeOf(b.status);
        else if (depositedKeys.has(v.pubkey) && (code === null || code === '')) code = '0';
        const changed = code !== v.code;
        const stamp = sql`status_time_stamp_utc = CASE WHEN ${changed} THEN ${now.toISOString()}::timestamptz ELSE status_time_stamp_utc END`;
        if (!b) {
          if (changed)
            await tx.execute(
              sql`UPDATE eth2_validator SET validator_status_cd = ${code}, ${stamp} WHERE eth2_validator_id = ${v.id}`,
            );
          continue;
        }
        const at = (epoch: bigint | null) => (epoch === null ? null : time.epochStart(epoch).toISOString());
        await tx.execute(
          sql`UPDATE eth2_validator SET validator_status_cd = ${code}, ${stamp},
                validator_index = ${b.index.toString()}::bigint,
                activation_epoch = ${b.activationEpoch?.toString() ?? null}::bigint,
                activation_utc = ${at(b.activationEpoch)}::timestamptz,
                exit_epoch = ${b.exitEpoch?.toString() ?? null}::bigint,
                exit_utc = ${at(b.exitEpoch)}::timestamptz,
                balance = ${gweiToEth(b.balanceGwei)}::numeric
              WHERE eth2_validator_id = ${v.id}`,
        );
      }
      for (const dep of deposits) {
        const v = all.find((x) => x.pubkey === dep.pubkey)!;
        await insert(v, 'deposit', `${dep.txHash}:${dep.logIndex}`, {
          stake: gweiToEth(dep.amountGwei),
          time: dep.timestamp,
          block: dep.blockNumber.toString(),
          txHash: dep.txHash,
        });
      }
      for (const { from, to, r } of rewards) {
        for (const rw of r) {
          const v = all.find((x) => byKey.get(x.pubkey)?.index === rw.validatorIndex);
          if (!v) continue;
          // Claim the range first, so a concurrent sync cannot count it twice.
          const claimed = await rows(
            tx,
            sql`UPDATE eth2_validator SET rewards_synced_epoch = ${to.toString()}::bigint
                WHERE eth2_validator_id = ${v.id}
                  AND rewards_synced_epoch IS NOT DISTINCT FROM ${v.rewardsSyncedEpoch?.toString() ?? null}::bigint
                RETURNING eth2_validator_id`,
          );
          if (!claimed.length) continue;
          if (rw.consensusGwei !== 0n)
            await insert(v, 'stake_reward', `${from}-${to}`, {
              stakeReward: gweiToEth(rw.consensusGwei),
              time: time.epochStart(to),
              epoch: (to - 1n).toString(),
            });
          for (const p of rw.proposals)
            await insert(v, 'proposal', p.slot.toString(), {
              mining: gweiToEth(p.executionFeesGwei),
              mev: gweiToEth(p.mevGwei),
              time: time.slotStart(p.slot),
              epoch: p.epoch.toString(),
              slot: p.slot.toString(),
            });
          for (const w of rw.withdrawals)
            await insert(v, 'withdrawal', w.slot.toString(), {
              withdraw: gweiToEth(-w.amountGwei),
              time: time.slotStart(w.slot),
              epoch: w.epoch.toString(),
              slot: w.slot.toString(),
            });
        }
      }
    });
    return {
      Validators: all.length,
      OnBeaconChain: onChain.length,
      NewHistory: inserted,
      // The chain's time: the screens measure uptime and the 2-day rule against it.
      BeaconTimeUtc: headUtc,
      // Validators waiting for activation: place in the queue and (estimated) activation time.
      Queue: queue,
    };
  }
}
