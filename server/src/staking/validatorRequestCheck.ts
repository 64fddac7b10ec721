// Eth2WalletWs CheckValidatorRequest (issue 25, item 6): before the customer's wallet pays a request's
// fee to the EIP-7002 or EIP-7251 predeploy, would the beacon chain act on it? The caller's own
// validators only (another customer's pubkey: access denied); the beacon head's validators, pending
// partial withdrawals, pending consolidations, total active balance and configuration go through
// @payd/consensus's request checks, and the answer carries the customer's text from @payd/schemas.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  checkConsolidationRequest,
  checkWithdrawalRequest,
  FAR_FUTURE_EPOCH,
  requestRulesFromSpec,
  type RequestCheck,
  type RequestIgnoredReason,
  type RequestState,
  type RequestValidator,
} from '@payd/consensus';
import {
  validatorKindOf,
  validatorRequestMessages,
  validatorRequestReasonText,
  type CheckValidatorRequestBody,
  type CheckValidatorRequestReply,
  type ValidatorRequestReason,
} from '@payd/schemas';
import type { Db } from '../db/database.ts';
import { eth2Validator } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { failed, forbidden } from '../wire/errors.ts';
import { BeaconApiError, BeaconTime, type BeaconClient, type BeaconValidator } from './beacon/index.ts';
import { StakingMessages } from './messages.ts';

// The consensus checks' reasons and the schemas' texts are one set: this fails to compile otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const reasonsHaveTexts: Same<RequestIgnoredReason, ValidatorRequestReason> = true;
void reasonsHaveTexts;

export interface ValidatorRequestChecksDeps {
  db: Db;
  /** Null when no beacon node is configured: the check then fails politely. */
  beacon: BeaconClient | null;
}

/** A beacon validator as the checks read it (FAR_FUTURE_EPOCH for the epochs not set). */
export function requestValidatorOf(v: BeaconValidator): RequestValidator {
  return {
    index: v.index,
    pubkey: v.pubkey,
    withdrawalCredentials: v.withdrawalCredentials,
    effectiveBalance: v.effectiveBalanceGwei,
    balance: v.balanceGwei,
    activationEpoch: v.activationEpoch ?? FAR_FUTURE_EPOCH,
    exitEpoch: v.exitEpoch ?? FAR_FUTURE_EPOCH,
  };
}

const withdrawalAddressOf = (v: BeaconValidator | undefined): string | null =>
  v && validatorKindOf(v.withdrawalCredentials) ? `0x${v.withdrawalCredentials.slice(26)}` : null;

export class ValidatorRequestChecks {
  constructor(private readonly d: ValidatorRequestChecksDeps) {}

  /** Refuses (403) unless every validator the request names is one of the caller's. */
  private async requireOwn(caller: Caller, pubkeys: string[]): Promise<void> {
    const own = await this.d.db
      .select({ pubkey: sql<string>`lower(${eth2Validator.pubKey})` })
      .from(eth2Validator)
      .where(
        and(eq(eth2Validator.usrId, caller.usrId), inArray(sql`lower(${eth2Validator.pubKey})`, pubkeys)),
      );
    const found = new Set(own.map((r) => r.pubkey));
    if (!pubkeys.every((k) => found.has(k))) throw forbidden(StakingMessages.noWallet);
  }

  async check(caller: Caller, body: CheckValidatorRequestBody): Promise<CheckValidatorRequestReply> {
    const target = body.kind === 'consolidation' ? body.targetPubkey! : null;
    const pubkeys = target ? [body.pubkey, target] : [body.pubkey];
    await this.requireOwn(caller, pubkeys);
    if (!this.d.beacon) throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
    try {
      return await this.checkAtHead(this.d.beacon, body, pubkeys, target);
    } catch (err) {
      if (err instanceof BeaconApiError)
        throw failed('beacon_unavailable', StakingMessages.beaconUnavailable);
      throw err;
    }
  }

  private async checkAtHead(
    beacon: BeaconClient,
    body: CheckValidatorRequestBody,
    pubkeys: string[],
    target: string | null,
  ): Promise<CheckValidatorRequestReply> {
    const [spec, genesis, head] = await Promise.all([
      beacon.getSpec(),
      beacon.getGenesis(),
      beacon.getHeadSlot(),
    ]);
    const consolidating = body.kind === 'consolidation';
    const [validators, partials, consolidations, total] = await Promise.all([
      beacon.getValidators(pubkeys),
      beacon.getPendingPartialWithdrawals(),
      consolidating ? beacon.getPendingConsolidations() : Promise.resolve([]),
      consolidating ? beacon.getTotalActiveBalance() : Promise.resolve(0n),
    ]);
    const state: RequestState = {
      currentEpoch: head / spec.slotsPerEpoch,
      validators: validators.map(requestValidatorOf),
      pendingPartialWithdrawals: partials.map((w) => ({
        validatorIndex: w.validatorIndex,
        amount: w.amountGwei,
        withdrawableEpoch: w.withdrawableEpoch,
      })),
      pendingConsolidationCount: consolidations.length,
      totalActiveBalance: total,
    };
    const rules = requestRulesFromSpec(spec.values);
    const result = runCheck(state, rules, body, target);
    const source = validators.find((v) => v.pubkey === body.pubkey);
    const allowedFrom =
      !result.processed && result.allowedFromEpoch !== undefined ? result.allowedFromEpoch : null;
    const detail = {
      AllowedFromEpoch: allowedFrom?.toString() ?? null,
      AllowedFromUtc:
        allowedFrom === null ? null : new BeaconTime(genesis, spec).epochStart(allowedFrom).toISOString(),
      WithdrawableGwei:
        !result.processed && result.withdrawable !== undefined ? result.withdrawable.toString() : null,
      WithdrawalAddress: withdrawalAddressOf(source),
    };
    return {
      Kind: body.kind,
      PubKey: body.pubkey,
      TargetPubKey: target,
      Processed: result.processed,
      Reason: result.processed ? null : result.reason,
      BySpec: result.processed ? null : result.bySpec,
      Message: result.processed
        ? validatorRequestMessages.processed
        : validatorRequestReasonText(
            result.reason,
            {
              shardCommitteePeriod: rules.SHARD_COMMITTEE_PERIOD.toString(),
              allowedFromEpoch: detail.AllowedFromEpoch,
              allowedFromUtc: detail.AllowedFromUtc,
              withdrawableGwei: detail.WithdrawableGwei,
              withdrawalAddress: detail.WithdrawalAddress,
            },
            result.bySpec,
          ),
      HeadEpoch: state.currentEpoch.toString(),
      ...detail,
    };
  }
}

function runCheck(
  state: RequestState,
  rules: ReturnType<typeof requestRulesFromSpec>,
  body: CheckValidatorRequestBody,
  target: string | null,
): RequestCheck {
  const sourceAddress = body.walletAddress;
  switch (body.kind) {
    case 'exit':
      return checkWithdrawalRequest(state, rules, {
        sourceAddress,
        validatorPubkey: body.pubkey,
        amount: 0n,
      });
    case 'partialWithdrawal':
      return checkWithdrawalRequest(state, rules, {
        sourceAddress,
        validatorPubkey: body.pubkey,
        amount: BigInt(body.amountGwei!),
      });
    case 'upgrade':
      return checkConsolidationRequest(state, rules, {
        sourceAddress,
        sourcePubkey: body.pubkey,
        targetPubkey: body.pubkey,
      });
    case 'consolidation':
      return checkConsolidationRequest(state, rules, {
        sourceAddress,
        sourcePubkey: body.pubkey,
        targetPubkey: target!,
      });
  }
}
