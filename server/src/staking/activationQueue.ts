// Where a validator waiting for activation stands, and roughly when it becomes active, from the
// Beacon API's data: its activation eligibility epoch (or, before the beacon chain has processed its
// deposit, the deposit's time), its place among the chain's pending validators (ordered as
// process_registry_updates dequeues them: eligibility epoch, then index) and the activation churn
// (MAX_PER_EPOCH_ACTIVATION_CHURN_LIMIT, else MIN_PER_EPOCH_CHURN_LIMIT; a chain that serves
// neither, like the dev beacon node, has none). Once the chain has set the activation epoch, that is
// the answer.
import type { BeaconSpec, BeaconTime, BeaconValidator } from './beacon/index.ts';

export interface ActivationEstimate {
  /** 1-based place among the chain's pending validators; null once the activation epoch is set. */
  position: number | null;
  /** Pending validators on the chain. */
  queueLength: number;
  eligibilityEpoch: bigint | null;
  activationEpoch: bigint;
  /** Whether the chain has set `activationEpoch` (else it is estimated). */
  scheduled: boolean;
  activationUtc: Date;
}

const specNumber = (spec: BeaconSpec, key: string): bigint | null => {
  const v = spec.values[key];
  return v !== undefined && /^\d+$/.test(v) ? BigInt(v) : null;
};

/**
 * The estimate for `validator` (known to the beacon chain), or for a deposit it has not processed
 * yet (`validator` null, `depositTime` the deposit's block time). `pending` = the chain's pending
 * validators at the head (`headEpoch`).
 */
export function estimateActivation(args: {
  validator: BeaconValidator | null;
  depositTime: Date | null;
  pending: readonly BeaconValidator[];
  headEpoch: bigint;
  spec: BeaconSpec;
  time: BeaconTime;
}): ActivationEstimate | null {
  const { validator, pending, headEpoch, spec, time } = args;
  const lookahead = specNumber(spec, 'MAX_SEED_LOOKAHEAD') ?? 4n;
  const queue = [...pending].sort((a, b) => {
    const ea = a.activationEligibilityEpoch ?? 2n ** 64n;
    const eb = b.activationEligibilityEpoch ?? 2n ** 64n;
    return ea !== eb ? (ea < eb ? -1 : 1) : a.index < b.index ? -1 : 1;
  });
  if (validator?.activationEpoch !== null && validator?.activationEpoch !== undefined)
    return {
      position: null,
      queueLength: queue.length,
      eligibilityEpoch: validator.activationEligibilityEpoch,
      activationEpoch: validator.activationEpoch,
      scheduled: true,
      activationUtc: time.epochStart(validator.activationEpoch),
    };
  let eligibility = validator?.activationEligibilityEpoch ?? null;
  if (eligibility === null) {
    // Not processed yet: eligible the epoch after the deposit is processed (payd's dev delay, or now).
    const delay = specNumber(spec, 'PAYD_DEPOSIT_PROCESSING_DELAY_SECONDS') ?? 0n;
    const from = args.depositTime ?? time.epochStart(headEpoch);
    const processed = time.epochAt(new Date(from.getTime() + Number(delay) * 1000)) + 1n;
    eligibility = processed > headEpoch ? processed : headEpoch + 1n;
  }
  const index = validator ? queue.findIndex((v) => v.index === validator.index) : -1;
  const position = index >= 0 ? index + 1 : queue.length + 1;
  const churn =
    specNumber(spec, 'MAX_PER_EPOCH_ACTIVATION_CHURN_LIMIT') ?? specNumber(spec, 'MIN_PER_EPOCH_CHURN_LIMIT');
  // Dequeued once its eligibility is finalized (two epochs on a healthy chain), `churn` a epoch.
  const finalized = eligibility + 2n > headEpoch ? eligibility + 2n : headEpoch;
  const dequeued = churn ? finalized + (BigInt(position) + churn - 1n) / churn - 1n : eligibility;
  const activationEpoch = dequeued + 1n + lookahead;
  return {
    position,
    queueLength: Math.max(queue.length, position),
    eligibilityEpoch: validator?.activationEligibilityEpoch ?? null,
    activationEpoch,
    scheduled: false,
    activationUtc: time.epochStart(activationEpoch),
  };
}
