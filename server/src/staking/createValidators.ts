// CreateValidator=Y of Eth2Wallet SaveData: the wallet's mnemonic (generated once, kept encrypted)
// and, for the indices StartIdx6 .. StartIdx6+ValidatorCnt6-1 the wallet does not have yet, one
// validator each with its deposit data: credentials of the withdrawal address of the kind asked for
// (0x01 by default, or 0x02, EIP-7251) and the amount asked for (32 ETH by default; issue 25), both
// kept on the row (withdrawal_kind, deposit_gwei).
//
// Who: a customer whose KYC is approved (kyc_person AP, as the on-chain mark decides it) with an
// approved registered wallet (status A), holding at most maxUndeposited validators not deposited yet
// (empty status) once these are made. How: the save's transaction only plans (wallet locked, mnemonic
// made if missing, the missing indices, the limit); the keys are derived and signed on the worker
// threads of a DepositDataPool with no transaction open and the event loop free; one short
// transaction then writes them (an index that appeared meanwhile is kept as it is). At most
// `maxRunning` creations run and `maxWaiting` wait at once, one per account: beyond, the answer is
// 'busy, try again' at once, never a queue that grows.
import { and, between, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  generateMnemonic,
  withdrawalCredentialsFor,
  getNetwork,
  type DepositDataEntry,
  type Network,
} from '@payd/validator-keys';
import { DepositDataPool } from '@payd/validator-keys/node';
import {
  ApiErrorCode,
  DEFAULT_STAKE_AMOUNT_ETH,
  DEFAULT_STAKE_KIND,
  newValidatorAmountProblem,
  stakeCountMessages,
  type ValidatorKind,
} from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { eth2Validator, eth2Wallet } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { parsedRows } from '../framework/sqlText.ts';
import { ApiError, failed, invalidField } from '../wire/errors.ts';
import type { MnemonicVault } from './mnemonicVault.ts';

/** Most validators of one account that may wait for their deposit (empty status) at once. */
export const MAX_UNDEPOSITED_VALIDATORS = 200;

export const ValidatorCreationMessages = {
  kycRequired: 'Validators can be created once your identity verification (KYC) is approved.',
  walletRequired:
    'Validators can be created once your wallet is registered and approved. Please register it on the Account Status page.',
  tooManyUndeposited: (max: number, waiting: number) =>
    `At most ${max} validators may wait for their deposit at once; you have ${waiting}. Please deposit them before creating more.`,
  busy: 'Validators are being created for other requests right now. Please try again in a minute.',
  alreadyRunning: 'Your validators are still being created. Please wait until that is done.',
  walletChanged: 'The wallet changed while its validators were being created. Please check it and try again.',
} as const;

/** DepositJson5: a base64 JSON array whose first item is the validator's deposit data. */
export function encodeDepositJson(entry: DepositDataEntry): string {
  return Buffer.from(JSON.stringify([entry])).toString('base64');
}

/** DepositJson5 → deposit data: one decoder, shared with the web's deposit check. */
export { decodeDepositJson } from '@payd/schemas';

function fileName(now: Date): string {
  return `deposit_data-${Math.floor(now.getTime() / 1000)}.json`;
}

/** What the save's transaction decided: the wallet as it was locked and the indices to create. */
export interface CreationPlan {
  walletId: number;
  usrId: number;
  networkId: string;
  network: Network;
  address: string;
  mnemonic: string;
  /** Indices of the requested range the wallet does not have, ascending. */
  missing: number[];
  /** The kind and the amount (gwei) every validator of this creation is signed for. */
  kind: ValidatorKind;
  amountGwei: bigint;
}

/** What a creation makes: the kind of validator and its deposit in whole ETH. */
export interface ValidatorSpec {
  kind: ValidatorKind;
  amountEth: number;
}

/** What CreateValidator=Y and a PrepareDeposits that names neither make: 0x01 validators of 32 ETH. */
export const DEFAULT_VALIDATOR_SPEC: ValidatorSpec = {
  kind: DEFAULT_STAKE_KIND,
  amountEth: DEFAULT_STAKE_AMOUNT_ETH,
};

export interface ValidatorKeysOptions {
  /** Worker threads that derive and sign; default a pool of os.availableParallelism() threads. */
  pool?: DepositDataPool;
  /** Creations that run at once (default 2) and that may wait (default 4); beyond: busy. */
  maxRunning?: number;
  maxWaiting?: number;
  /** Default MAX_UNDEPOSITED_VALIDATORS. */
  maxUndeposited?: number;
}

/** Consecutive runs of ascending indices: [start, count] pairs. */
function runs(indices: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const i of indices) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === i) last[1]++;
    else out.push([i, 1]);
  }
  return out;
}

export class ValidatorKeys {
  readonly pool: DepositDataPool;
  private readonly ownPool: boolean;
  private readonly maxRunning: number;
  private readonly maxWaiting: number;
  readonly maxUndeposited: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly accounts = new Set<number>();

  constructor(
    private readonly deps: { db: Db; vault: MnemonicVault },
    o: ValidatorKeysOptions = {},
  ) {
    this.ownPool = !o.pool;
    this.pool = o.pool ?? new DepositDataPool();
    this.maxRunning = o.maxRunning ?? 2;
    this.maxWaiting = o.maxWaiting ?? 4;
    this.maxUndeposited = o.maxUndeposited ?? MAX_UNDEPOSITED_VALIDATORS;
  }

  /** Approved KYC and an approved registered wallet; checked before anything is written. */
  async checkAllowed(caller: Caller): Promise<void> {
    // Two facts of one moment in one statement (no table to select from: not the query builder's).
    const [r] = await parsedRows(
      this.deps.db,
      sql`SELECT
            EXISTS (SELECT 1 FROM kyc_person k WHERE k.input_for = ${caller.usrId} AND k.internal_status = 'AP') AS kyc,
            EXISTS (SELECT 1 FROM stake_wallet_address w
                    WHERE w.usr_id = ${caller.usrId} AND w.stake_wallet_status_cd = 'A') AS wallet`,
      z.object({ kyc: z.boolean(), wallet: z.boolean() }),
    );
    if (!r?.kyc) throw failed('kyc_required', ValidatorCreationMessages.kycRequired);
    if (!r.wallet) throw failed('wallet_required', ValidatorCreationMessages.walletRequired);
  }

  /**
   * A place among the running creations, or a place in the short line for one; one per account.
   * Refused at once when the line is full. The returned function gives the place back.
   */
  async admit(usrId: number): Promise<() => void> {
    if (this.accounts.has(usrId)) throw failed('creation_running', ValidatorCreationMessages.alreadyRunning);
    if (this.running >= this.maxRunning && this.waiting.length >= this.maxWaiting)
      throw new ApiError(429, ApiErrorCode.rateLimited, ValidatorCreationMessages.busy);
    this.accounts.add(usrId);
    if (this.running >= this.maxRunning) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.accounts.delete(usrId);
      const next = this.waiting.shift();
      if (next)
        next(); // the place passes on: running stays the same
      else this.running--;
    };
  }

  /**
   * Inside the save's transaction: locks the wallet, checks its network and address, makes its
   * mnemonic when it has none, lists the missing indices and applies the per-account limit. Cheap:
   * no key is derived here.
   */
  async plan(tx: Db, walletId: number, spec: ValidatorSpec = DEFAULT_VALIDATOR_SPEC): Promise<CreationPlan> {
    // The body's schema checked it already; a plan never signs an amount the rules refuse.
    const problem = newValidatorAmountProblem(spec.kind, spec.amountEth);
    if (problem) throw invalidField('amountEth', problem);
    const [w] = await tx
      .select({
        usrId: eth2Wallet.usrId,
        networkId: eth2Wallet.networkId,
        address: eth2Wallet.eth1WithdrawalAddr,
        startIdx: eth2Wallet.startIdx,
        validatorCnt: eth2Wallet.validatorCnt,
        mnemonicEnc: eth2Wallet.mnemonicEnc,
      })
      .from(eth2Wallet)
      .where(eq(eth2Wallet.eth2WalletId, walletId))
      .for('update');
    if (!w) throw new Error('wallet vanished');
    let network: Network;
    try {
      network = getNetwork(Number(w.networkId));
    } catch {
      throw invalidField('mst.NetworkId6', 'Validators cannot be created on this network');
    }
    const address = w.address;
    if (!/^0x[0-9a-fA-F]{40}$/.test(address))
      throw invalidField('mst.Eth1WithdrawalAddr6', 'The withdrawal address must be an Ethereum address');
    try {
      withdrawalCredentialsFor(spec.kind, address);
    } catch (err) {
      // A mixed-case address with a wrong EIP-55 checksum.
      throw invalidField(
        'mst.Eth1WithdrawalAddr6',
        `The withdrawal address is not valid: ${(err as Error).message}`,
      );
    }
    const start = w.startIdx;
    const count = w.validatorCnt;
    if (count < 1) throw invalidField('mst.ValidatorCnt6', stakeCountMessages.required);

    let mnemonic: string;
    if (w.mnemonicEnc) {
      mnemonic = this.deps.vault.decrypt(w.mnemonicEnc, walletId);
    } else {
      mnemonic = generateMnemonic();
      await tx.execute(
        sql`UPDATE eth2_wallet SET mnemonic_enc = ${this.deps.vault.encrypt(mnemonic, walletId)} WHERE eth2_wallet_id = ${walletId}`,
      );
    }
    const existing = new Set(
      (
        await tx
          .select({ idx: eth2Validator.idx })
          .from(eth2Validator)
          .where(
            and(
              eq(eth2Validator.eth2WalletId, walletId),
              between(eth2Validator.idx, start, start + count - 1),
            ),
          )
      ).map((r) => r.idx),
    );
    const missing: number[] = [];
    for (let i = start; i < start + count; i++) if (!existing.has(i)) missing.push(i);
    if (missing.length) {
      const [u] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(eth2Validator)
        .where(
          and(eq(eth2Validator.usrId, w.usrId), sql`coalesce(${eth2Validator.validatorStatusCd}, '') = ''`),
        );
      const waiting = u?.n ?? 0;
      if (waiting + missing.length > this.maxUndeposited)
        throw failed(
          'too_many_undeposited',
          ValidatorCreationMessages.tooManyUndeposited(this.maxUndeposited, waiting),
        );
    }
    return {
      walletId,
      usrId: w.usrId,
      networkId: w.networkId,
      network,
      address,
      mnemonic,
      missing,
      kind: spec.kind,
      amountGwei: BigInt(spec.amountEth) * 1_000_000_000n,
    };
  }

  /**
   * Outside any transaction: derives and signs the planned validators on the pool's threads, then
   * writes them in one short transaction (one INSERT). Returns how many were created.
   */
  async create(db: Db, plan: CreationPlan, now: Date): Promise<number> {
    if (!plan.missing.length) return 0;
    const entries: { idx: number; entry: DepositDataEntry }[] = [];
    for (const [startIndex, count] of runs(plan.missing)) {
      const made = await this.pool.createDepositData({
        mnemonic: plan.mnemonic,
        startIndex,
        count,
        withdrawalAddress: plan.address,
        kind: plan.kind,
        network: plan.network,
        amountGwei: plan.amountGwei,
      });
      made.forEach((entry, k) => entries.push({ idx: startIndex + k, entry }));
    }
    const file = fileName(now);
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [w] = await tx
        .select({ networkId: eth2Wallet.networkId, address: eth2Wallet.eth1WithdrawalAddr })
        .from(eth2Wallet)
        .where(eq(eth2Wallet.eth2WalletId, plan.walletId))
        .for('update');
      // The deposit data binds the validators to the address and network they were signed for.
      if (!w || w.networkId !== plan.networkId || w.address.toLowerCase() !== plan.address.toLowerCase())
        throw failed('wallet_changed', ValidatorCreationMessages.walletChanged);
      const inserted = await tx
        .insert(eth2Validator)
        .values(
          entries.map(({ idx, entry }) => ({
            eth2WalletId: plan.walletId,
            usrId: plan.usrId,
            idx,
            validatorStatusCd: null,
            validatorJson: JSON.stringify({
              pubkey: entry.pubkey,
              signing_key_path: `m/12381/3600/${idx}/0/0`,
              withdrawal_credentials: entry.withdrawal_credentials,
            }),
            depositJson: encodeDepositJson(entry),
            createdOnUtc: now,
            statusTimeStampUtc: now,
            jsonFileName: file,
            pubKey: `0x${entry.pubkey}`,
            // payd's policy: the execution-layer rewards go where the withdrawals go.
            feeRecipient: w.address.toLowerCase(),
            withdrawalKind: plan.kind,
            depositGwei: Number(plan.amountGwei),
            inputBy: plan.usrId,
            inputOn: now,
          })),
        )
        .onConflictDoNothing({ target: [eth2Validator.eth2WalletId, eth2Validator.idx] })
        .returning({ idx: eth2Validator.idx });
      const made = new Set(inserted.map((r) => r.idx));
      const written = entries.filter((e) => made.has(e.idx)).map((e) => e.entry);
      if (written.length)
        await tx.execute(
          sql`UPDATE eth2_wallet SET deposit_json_file = ${JSON.stringify(written)} WHERE eth2_wallet_id = ${plan.walletId}`,
        );
      return written.length;
    });
  }

  async close(): Promise<void> {
    if (this.ownPool) await this.pool.close();
  }
}
