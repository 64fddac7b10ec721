// Top-ups (issue 25 item 2): whole ETH added to one of the caller's own active 0x02 validators by a
// deposit to its public key; no new key. TopUpValidator checks the validator against the beacon
// chain (active, its credentials' kind, its balance) and the limits of @payd/schemas (topUpProblem:
// 0x01 refused, 0x02 up to 2048 ETH with the pending top-ups), signs the deposit data with the
// validator's own key (derived from the wallet's encrypted mnemonic on the creation's worker
// threads, re-verified there) and records the top-up as 'signed'; TopUpSent records the wallet's
// transaction ('pending'); the sync marks it 'credited' once the beacon chain's balance holds it
// (settleTopUps). GetTopUps lists the wallet's top-ups. Another customer's validator: access denied.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  depositDataFileName,
  getTopUps,
  topUpMessages,
  topUpProblem,
  topUpSent,
  topUpValidator,
  validatorKindOf,
  type DepositJsonEntry,
  type GetTopUpsReply,
  type TopUpRow,
  type TopUpSentBody,
  type TopUpValidatorBody,
  type TopUpValidatorReply,
  type ValidatorKind,
} from '@payd/schemas';
import { getNetwork } from '@payd/validator-keys';
import type { DepositDataPool } from '@payd/validator-keys/node';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { eth2Validator, eth2Wallet, validatorTopUp } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { rows, type Executor } from '../framework/sqlText.ts';
import { failed, forbidden, invalidField } from '../wire/errors.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { BeaconApiError, type BeaconClient, type BeaconValidator } from './beacon/index.ts';
import { implement } from '../wire/implement.ts';
import { caller } from './methodKit.ts';
import type { MnemonicVault } from './mnemonicVault.ts';
import { StakingMessages } from './messages.ts';

const GWEI_PER_ETH = 1_000_000_000n;

export interface TopUpDeps {
  db: Db;
  clock: Clock;
  vault: MnemonicVault;
  /** Null when no beacon node is configured: top-ups answer beacon_unavailable. */
  beacon: BeaconClient | null;
  /** The worker threads that derive keys and sign deposit data (ValidatorKeys' pool). */
  pool: DepositDataPool;
}

const normalKey = (pubkey: string) => (pubkey.startsWith('0x') ? pubkey : `0x${pubkey}`).toLowerCase();

/** The caller's validator of this pubkey in the wallet of this withdrawal address, with its wallet. */
async function ownValidator(db: Db, c: Caller, walletAddress: string, pubkey: string) {
  const [v] = await db
    .select({
      id: eth2Validator.eth2ValidatorId,
      walletId: eth2Wallet.eth2WalletId,
      idx: eth2Validator.idx,
      pubkey: eth2Validator.pubKey,
      kind: eth2Validator.withdrawalKind,
      networkId: eth2Wallet.networkId,
      address: eth2Wallet.eth1WithdrawalAddr,
      mnemonicEnc: eth2Wallet.mnemonicEnc,
    })
    .from(eth2Validator)
    .innerJoin(eth2Wallet, eq(eth2Wallet.eth2WalletId, eth2Validator.eth2WalletId))
    .where(
      and(
        eq(eth2Wallet.usrId, c.usrId),
        eq(eth2Validator.usrId, c.usrId),
        sql`lower(${eth2Wallet.eth1WithdrawalAddr}) = lower(${walletAddress})`,
        sql`lower(${eth2Validator.pubKey}) = ${normalKey(pubkey)}`,
      ),
    )
    .limit(1);
  if (!v?.mnemonicEnc) throw forbidden(StakingMessages.noWallet);
  return { ...v, mnemonicEnc: v.mnemonicEnc };
}

/** The top-ups of one validator sent and not yet credited, in gwei. */
async function pendingGwei(db: Executor, validatorId: number): Promise<bigint> {
  const [r] = await rows(
    db,
    sql`SELECT coalesce(sum(amount_gwei), 0)::text AS s FROM validator_top_up
        WHERE eth2_validator_id = ${validatorId} AND state = 'pending'`,
  );
  return BigInt(String(r?.s ?? '0'));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function rowOf(r: {
  topUpId: number;
  pubkey: string;
  amountGwei: bigint;
  state: TopUpRow['State'];
  requestedUtc: Date;
  sentUtc: Date | null;
  creditedUtc: Date | null;
  txHash: string | null;
}): TopUpRow {
  return {
    TopUpId: r.topUpId,
    PubKey: r.pubkey.toLowerCase(),
    AmountEth: Number(r.amountGwei / GWEI_PER_ETH),
    State: r.state,
    RequestedUtc: r.requestedUtc.toISOString(),
    SentUtc: iso(r.sentUtc),
    CreditedUtc: iso(r.creditedUtc),
    TxHash: r.txHash,
  };
}

const topUpColumns = {
  topUpId: validatorTopUp.topUpId,
  pubkey: eth2Validator.pubKey,
  amountGwei: validatorTopUp.amountGwei,
  state: validatorTopUp.state,
  requestedUtc: validatorTopUp.requestedUtc,
  sentUtc: validatorTopUp.sentUtc,
  creditedUtc: validatorTopUp.creditedUtc,
  txHash: validatorTopUp.txHash,
};

export class TopUps {
  constructor(private readonly d: TopUpDeps) {}

  /** The validator as the beacon chain has it now; a node that cannot answer: beacon_unavailable. */
  private async onBeacon(pubkey: string): Promise<BeaconValidator | undefined> {
    if (!this.d.beacon) throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
    try {
      const found = await this.d.beacon.getValidators([pubkey]);
      return found.find((b) => b.pubkey.toLowerCase() === pubkey);
    } catch (err) {
      if (err instanceof BeaconApiError)
        throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
      throw err;
    }
  }

  /** The top-up's deposit data, signed by the validator's key on the pool's threads and re-verified. */
  private async sign(
    v: Awaited<ReturnType<typeof ownValidator>>,
    kind: ValidatorKind,
    amountGwei: bigint,
    credentials: string,
  ): Promise<DepositJsonEntry> {
    const [entry] = await this.d.pool.createDepositData({
      mnemonic: this.d.vault.decrypt(v.mnemonicEnc, v.walletId),
      startIndex: v.idx,
      count: 1,
      withdrawalAddress: v.address,
      kind,
      network: getNetwork(Number(v.networkId)),
      amountGwei,
    });
    // The key of this index must be the validator's, and the credentials the ones it has.
    if (!entry || `0x${entry.pubkey}` !== v.pubkey.toLowerCase())
      throw new Error('validator key does not match its pubkey');
    if (`0x${entry.withdrawal_credentials}` !== credentials.toLowerCase())
      throw new Error('top-up credentials differ from the validator');
    return entry;
  }

  /** TopUpValidator: the signed deposit data of a top-up of the caller's active 0x02 validator. */
  async request(c: Caller, b: TopUpValidatorBody): Promise<TopUpValidatorReply> {
    const v = await ownValidator(this.d.db, c, b.walletAddress, b.pubkey);
    const onChain = await this.onBeacon(v.pubkey.toLowerCase());
    // The beacon chain's credentials are the truth (an upgraded 0x01 is 0x02 there).
    const kind = (onChain && validatorKindOf(onChain.withdrawalCredentials)) || (v.kind as ValidatorKind);
    // A pending top-up the balance already holds is credited first, so it is not counted twice.
    if (onChain)
      await settleTopUps(this.d.db, [{ id: v.id, balanceGwei: onChain.balanceGwei }], this.d.clock.now());
    const target = {
      kind,
      balanceGwei: onChain?.balanceGwei ?? 0n,
      pendingGwei: await pendingGwei(this.d.db, v.id),
      active: onChain?.status === 'active_ongoing',
    };
    const problem = topUpProblem(target, b.amountEth);
    if (problem) {
      if (!target.active || kind !== '0x02') throw failed('top_up_refused', problem);
      throw invalidField('amountEth', problem);
    }
    const amountGwei = BigInt(b.amountEth) * GWEI_PER_ETH;
    const entry = await this.sign(v, kind, amountGwei, onChain!.withdrawalCredentials);
    const now = this.d.clock.now();
    const [row] = await this.d.db
      .insert(validatorTopUp)
      .values({
        eth2ValidatorId: v.id,
        usrId: c.usrId,
        amountGwei,
        balanceBeforeGwei: target.balanceGwei,
        depositJson: JSON.stringify(entry),
        state: 'signed',
        requestedUtc: now,
      })
      .returning({ id: validatorTopUp.topUpId });
    return {
      TopUpId: row!.id,
      PubKey: v.pubkey.toLowerCase(),
      AmountEth: b.amountEth,
      DepositData: entry,
      FileName: depositDataFileName(Math.floor(now.getTime() / 1000)),
    };
  }

  /** TopUpSent: the caller's wallet sent the top-up; it is pending until credited. Idempotent. */
  async sent(c: Caller, b: TopUpSentBody): Promise<TopUpRow> {
    await this.d.db
      .update(validatorTopUp)
      .set({ state: 'pending', txHash: b.txHash.toLowerCase(), sentUtc: this.d.clock.now() })
      .where(
        and(
          eq(validatorTopUp.topUpId, b.topUpId),
          eq(validatorTopUp.usrId, c.usrId),
          eq(validatorTopUp.state, 'signed'),
        ),
      );
    const [r] = await this.d.db
      .select(topUpColumns)
      .from(validatorTopUp)
      .innerJoin(eth2Validator, eq(eth2Validator.eth2ValidatorId, validatorTopUp.eth2ValidatorId))
      .where(and(eq(validatorTopUp.topUpId, b.topUpId), eq(validatorTopUp.usrId, c.usrId)));
    // Another customer's top-up is answered as one that does not exist.
    if (!r || r.txHash !== b.txHash.toLowerCase()) throw failed('top_up_not_found', topUpMessages.notFound);
    return rowOf(r);
  }

  /** GetTopUps: the top-ups of the caller's wallet of this address, newest first (at most 100). */
  async list(c: Caller, walletAddress: string): Promise<GetTopUpsReply> {
    const found = await this.d.db
      .select(topUpColumns)
      .from(validatorTopUp)
      .innerJoin(eth2Validator, eq(eth2Validator.eth2ValidatorId, validatorTopUp.eth2ValidatorId))
      .innerJoin(eth2Wallet, eq(eth2Wallet.eth2WalletId, eth2Validator.eth2WalletId))
      .where(
        and(
          eq(validatorTopUp.usrId, c.usrId),
          eq(eth2Wallet.usrId, c.usrId),
          sql`lower(${eth2Wallet.eth1WithdrawalAddr}) = lower(${walletAddress})`,
        ),
      )
      .orderBy(desc(validatorTopUp.topUpId))
      .limit(100);
    return { TopUps: found.map(rowOf) };
  }
}

/**
 * In the sync's transaction: the pending top-ups of these validators whose beacon balance now holds
 * them (at least the balance when signed plus the amount; rewards only add) become credited.
 */
export async function settleTopUps(
  tx: Executor,
  balances: readonly { id: number; balanceGwei: bigint }[],
  now: Date,
): Promise<void> {
  if (!balances.length) return;
  const ids = `{${balances.map((b) => b.id).join(',')}}`;
  const gwei = `{${balances.map((b) => b.balanceGwei.toString()).join(',')}}`;
  await tx.execute(
    sql`UPDATE validator_top_up t SET state = 'credited', credited_utc = ${now.toISOString()}::timestamptz
          FROM (SELECT unnest(${ids}::int[]) AS id, unnest(${gwei}::bigint[]) AS bal) b
         WHERE t.eth2_validator_id = b.id AND t.state = 'pending'
           AND t.balance_before_gwei + t.amount_gwei <= b.bal`,
  );
}

export function topUpMethods(d: TopUpDeps): MethodDefinition[] {
  const topUps = new TopUps(d);
  return [
    // Each call derives a key on the creation's threads: a person needs a few a minute at most.
    implement(topUpValidator, (b, ctx) => topUps.request(caller(ctx), b), {
      rateLimit: { max: 10, timeWindow: 60_000 },
    }),
    implement(topUpSent, (b, ctx) => topUps.sent(caller(ctx), b)),
    implement(getTopUps, (b, ctx) => topUps.list(caller(ctx), b.walletAddress)),
  ];
}
