// The contracts of the liquid methods (contract/contract.ts): body, reply and caller of each.
// The web calls them through liquid/methods.ts; the server implements them in server/src/liquid.
import { z } from 'zod';
import { defineContract } from '../contract/contract.ts';

/** Staff role ids (server framework/roles.ts: kyc reviewer 10, operator 11, admin 12). */
const STAFF = [10, 11, 12] as const;
const OPERATORS = [11, 12] as const;

/** GetPoolState's reply: amounts in ETH as decimal strings (18 places at most). */
export const poolStateReply = z.strictObject({
  /** False when the pool is not configured (no BEACON_URL or no validatorPool deployed). */
  Available: z.boolean(),
  /** The chain's figures by name: ETH amounts in ETH, counts and periods as whole numbers. */
  State: z.record(z.string(), z.string()).nullable(),
  /** Why State is null although the pool is configured (the node did not answer). */
  StateError: z.string().nullable(),
  /** Validators per status of pool_validator (code → count). */
  Validators: z.record(z.string(), z.number().int()),
  Reports: z.array(
    z.strictObject({
      Period: z.string(),
      StakingRewards: z.string(),
      MiningRewards: z.string(),
      Status: z.enum(['P', 'D', 'F']),
      TxHash: z.string().nullable(),
      Error: z.string().nullable(),
      ReportedOn: z.string().nullable(),
    }),
  ),
});
export type PoolStateReply = z.output<typeof poolStateReply>;

export const getPoolState = defineContract({
  service: 'PoolValidator',
  method: 'GetPoolState',
  summary: "The validator pool's on-chain totals, its validators per status and the latest reward reports.",
  auth: STAFF,
  body: z.object({}).loose(),
  reply: poolStateReply,
  example: { body: {} },
});

const poolStep = z.enum(['register', 'follow', 'exit', 'postExits', 'settle', 'report']);

export const runPoolJob = defineContract({
  service: 'PoolValidator',
  method: 'RunPoolJob',
  summary: 'Runs one pool job tick now (operators): each step with what it did or why it failed.',
  auth: OPERATORS,
  body: z.object({}).loose(),
  reply: z.strictObject({
    /** False when another runner held the job's lease. */
    Ran: z.boolean(),
    /** Each step's outcome: what it did (its own shape, bigints as strings; absent when nothing), or its error's message. */
    Steps: z.partialRecord(
      poolStep,
      z.union([
        z.strictObject({ ok: z.literal(true), result: z.unknown().optional() }),
        z.strictObject({ ok: z.literal(false), error: z.string() }),
      ]),
    ),
    Order: z.array(poolStep),
  }),
  example: { body: {} },
});
