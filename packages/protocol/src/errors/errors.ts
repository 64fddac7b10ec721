// The error catalogue of spec 000 section 8: each error a caller can meet, with the spec's text.
import type { Decimal } from '../decimal/Decimal.ts';
import { ruleEnglish, type RuleText } from './ruleTexts.ts';

/** Thrown when a text is not a non-negative decimal (digits, optional fraction, optional exponent). */
export class BadDecimalFormatError extends Error {
  override name = 'BadDecimalFormatError';
  /** The text that could not be read. */
  readonly input: string;
  constructor(input: string) {
    super(`bad decimal format: "${input}"`);
    this.input = input;
  }
}

export class UnsupportedNetworkError extends Error {
  override name = 'UnsupportedNetworkError';
  readonly chainId: number;
  constructor(chainId: number) {
    super(`Unsupported network (chainId = ${chainId})`);
    this.chainId = chainId;
  }
}

export class SignerRequiredError extends Error {
  override name = 'SignerRequiredError';
  constructor() {
    super('Must be connected through a Signer');
  }
}

export class SignerWithoutProviderError extends Error {
  override name = 'SignerWithoutProviderError';
  constructor() {
    super('Signer must have a Provider');
  }
}

export class UserAddressRequiredError extends Error {
  override name = 'UserAddressRequiredError';
  constructor() {
    super('A user address is required');
  }
}

export class FrontendAddressRequiredError extends Error {
  override name = 'FrontendAddressRequiredError';
  constructor() {
    super('A frontend address is required');
  }
}

export class UserAddressOverrideError extends Error {
  override name = 'UserAddressOverrideError';
  constructor() {
    super("Can't override userAddress when connecting through Signer");
  }
}

export class InvalidUseStoreError extends Error {
  override name = 'InvalidUseStoreError';
  constructor() {
    super('Invalid useStore value');
  }
}

export class TransactionReplacedError extends Error {
  override name = 'TransactionReplacedError';
  /** Hash of the transaction that was sent and never mined as sent. */
  readonly hash: string;
  constructor(hash: string) {
    super('Transaction cancelled / replaced');
    this.hash = hash;
  }
}

/** A mined transaction whose receipt status is not success; carries the receipt. */
export class TransactionFailedError<R = unknown> extends Error {
  override name = 'TransactionFailedError';
  readonly failedReceipt: R;
  constructor(failedReceipt: R, message = 'Transaction failed') {
    super(message);
    this.failedReceipt = failedReceipt;
  }
}

export class SetPriceUnavailableError extends Error {
  override name = 'SetPriceUnavailableError';
  constructor() {
    super('setPrice() unavailable on this deployment');
  }
}

/** The borrowing fee may decay before the transaction is mined, leaving the debt under the minimum. */
export class DebtBelowMinimumError extends Error {
  override name = 'DebtBelowMinimumError';
  constructor(minimumDebt: Decimal, toleranceMinutes: number) {
    super(`Cache's debt might fall below ${minimumDebt.toString()} within ${toleranceMinutes} minutes`);
  }
}

export class RedemptionAmountTooLowError extends Error {
  override name = 'RedemptionAmountTooLowError';
  /** The refusal as a catalogue message and its figure (ruleTexts.ts). */
  readonly rule: RuleText;
  constructor(minimumNetDebt: Decimal) {
    const rule: RuleText = { id: 'rule.redeemTooLow', values: { minimum: { amount: minimumNetDebt } } };
    super(ruleEnglish(rule));
    this.rule = rule;
  }
}

/** Creation or adjustment parameters that are unknown, missing, conflicting or all zero. */
export class CacheParamsError extends Error {
  override name = 'CacheParamsError';
}

export class PendingRewardsError extends Error {
  override name = 'PendingRewardsError';
  constructor() {
    super('Rewards must be applied to this Cache');
  }
}

export class NetDebtError extends Error {
  override name = 'NetDebtError';
  constructor(liquidationReserve: Decimal) {
    super(`netDebt should not be used when debt < ${liquidationReserve.toString()}`);
  }
}

export class StabilityDepositError extends Error {
  override name = 'StabilityDepositError';
  constructor() {
    super("currentPAYD can't be greater than initialPAYD");
  }
}

/** Bad `first`, `startingAt` or `sortedBy` in a cache list query. */
export class QueryOptionsError extends Error {
  override name = 'QueryOptionsError';
}

/** A backend cache status number outside the known enumeration. */
export class CacheStatusError extends Error {
  override name = 'CacheStatusError';
  constructor(status: number) {
    super(`invalid cache status ${status}`);
  }
}

/** Fees record whose per-minute decay factor is not below 1 (fees would never decay). */
export class DecayFactorError extends Error {
  override name = 'DecayFactorError';
  constructor() {
    super('minuteDecayFactor must be below 1');
  }
}

/** A write whose contract is not part of this deployment (the optional multiple-deposit contract). */
export class ContractNotDeployedError extends Error {
  override name = 'ContractNotDeployedError';
  constructor(what: string) {
    super(`${what} is not deployed on this chain`);
  }
}
