// The Eth2WalletWs calls beyond the common screen operations: SyncValidators (beacon state, deposit
// logs and rewards into the validators and the history: syncValidators.ts), WithdrawValidators / WithdrawValidator
// (voluntary exits signed on the server with the validator's key) and DisplayMnemonic.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  DisplayMnemonicReply,
  GetPendingOperationsReply,
  SyncReply,
  WithdrawReply,
} from '@payd/schemas';
import { deriveValidatorKeys, signVoluntaryExit } from '@payd/validator-keys';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { eth2Validator, eth2Wallet } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { failed, forbidden } from '../wire/errors.ts';
import { requireRecentSignIn } from '../auth/index.ts';
import { BeaconApiError, BeaconTime, type BeaconClient } from './beacon/index.ts';
import type { DepositLogReader } from './depositLogs.ts';
import { STAKED_CODES, StakingMessages, WITHDRAWABLE_AFTER_MS } from './messages.ts';
import type { MnemonicVault } from './mnemonicVault.ts';
import { forgetQueues, pendingOperationsReply } from './pendingOperations.ts';
import { syncValidatorSet, type SyncValidator } from './syncValidators.ts';

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

interface ValidatorRow extends SyncValidator {
  idx: number;
  validatorIndex: bigint | null;
  activationUtc: Date | null;
}

/** Code 3 (active) with an index, activated more than 2 days (172,800,000 ms) before `now`. */
function isWithdrawable(v: ValidatorRow, now: number): boolean {
  return (
    v.code === '3' &&
    v.validatorIndex !== null &&
    v.activationUtc !== null &&
    now - v.activationUtc.getTime() > WITHDRAWABLE_AFTER_MS
  );
}

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

/** A wallet as the calls read it: network_id is text in the table, a chain id (number) to the keys. */
const walletColumns = {
  id: eth2Wallet.eth2WalletId,
  networkId: sql<number>`${eth2Wallet.networkId}`.mapWith(Number),
  mnemonicEnc: eth2Wallet.mnemonicEnc,
};

export class WalletActions {
  constructor(private readonly d: WalletActionsDeps) {}

  /** The caller's wallets at `walletAddress`; another customer's address answers access denied. */
  private async wallets(db: Db, caller: Caller, walletAddress: string): Promise<WalletRow[]> {
    const found = await db
      .select(walletColumns)
      .from(eth2Wallet)
      .where(
        and(
          eq(eth2Wallet.usrId, caller.usrId),
          sql`lower(${eth2Wallet.eth1WithdrawalAddr}) = lower(${walletAddress})`,
        ),
      )
      .orderBy(asc(eth2Wallet.eth2WalletId));
    if (!found.length) throw forbidden(StakingMessages.noWallet);
    return found;
  }

  private async validators(db: Db, walletIds: number[]): Promise<ValidatorRow[]> {
    const found = await db
      .select({
        id: eth2Validator.eth2ValidatorId,
        walletId: eth2Validator.eth2WalletId,
        usrId: eth2Validator.usrId,
        idx: eth2Validator.idx,
        pubkey: eth2Validator.pubKey,
        code: eth2Validator.validatorStatusCd,
        // The beacon chain's numbers as text: exact, as bigints.
        validatorIndex: sql<string | null>`${eth2Validator.validatorIndex}::text`,
        activationUtc: eth2Validator.activationUtc,
        rewardsSyncedEpoch: sql<string | null>`${eth2Validator.rewardsSyncedEpoch}::text`,
        feeRecipient: eth2Validator.feeRecipient,
      })
      .from(eth2Validator)
      .where(inArray(eth2Validator.eth2WalletId, walletIds))
      .orderBy(asc(eth2Validator.eth2WalletId), asc(eth2Validator.idx));
    return found.map((r) => ({
      ...r,
      pubkey: r.pubkey.toLowerCase(),
      validatorIndex: big(r.validatorIndex),
      rewardsSyncedEpoch: big(r.rewardsSyncedEpoch),
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
  async displayMnemonic(
    caller: Caller,
    sessionId: string,
    ip: string,
    walletAddress: string,
  ): Promise<DisplayMnemonicReply> {
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
  async withdrawValidators(
    caller: Caller,
    walletAddress: string,
    count: number,
    reason: string,
  ): Promise<WithdrawReply> {
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
  async withdrawValidator(caller: Caller, walletAddress: string, pubkey: string): Promise<WithdrawReply> {
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
    const wallets: WalletRow[] = await this.d.db
      .select(walletColumns)
      .from(eth2Wallet)
      .where(eq(eth2Wallet.usrId, usrId));
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
      forgetQueues(beacon);
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

  /**
   * GetPendingOperations: the pending operations of the caller's validators at `walletAddress` (one
   * of them when `pubkey` is given; another's answers access denied), dated (pendingOperations.ts).
   */
  async pendingOperations(
    caller: Caller,
    walletAddress: string,
    pubkey?: string,
  ): Promise<GetPendingOperationsReply> {
    const wallets = await this.wallets(this.d.db, caller, walletAddress);
    const all = await this.validators(
      this.d.db,
      wallets.map((w) => w.id),
    );
    const key =
      pubkey === undefined ? null : (pubkey.startsWith('0x') ? pubkey : `0x${pubkey}`).toLowerCase();
    const keys = new Set(all.map((v) => v.pubkey).filter((k) => key === null || k === key));
    if (key !== null && !keys.size) throw forbidden(StakingMessages.noWallet);
    try {
      return await pendingOperationsReply(this.beacon(), this.d.deposits, keys);
    } catch (err) {
      if (err instanceof BeaconApiError)
        throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
      throw err;
    }
  }

  /** SyncValidators: the caller's wallets at `walletAddress` in step with the beacon node (syncValidators.ts). */
  async syncValidators(caller: Caller, walletAddress: string): Promise<SyncReply> {
    const wallets = await this.wallets(this.d.db, caller, walletAddress);
    const ids = wallets.map((w) => w.id);
    return syncValidatorSet(this.d, ids, await this.validators(this.d.db, ids));
  }
}
