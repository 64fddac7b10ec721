// The intents of the lending fuzzer (fuzz.ts): what a random operation wants to do, before it is made
// concrete against the chain state, the fast-check arbitrary that draws them, and the small arithmetic
// helpers the operation handlers share.
import fc from 'fast-check';
import { GAS_COMP, MIN_NET_DEBT } from './fixture';

export const ACTORS = 5; // wallets 4..8; wallet 9 is the whale that keeps the system alive
export const MIN_DEBT = MIN_NET_DEBT + GAS_COMP;
export const PCT = 10n ** 16n; // 1% in 18 decimals

export type Intent =
  | { kind: 'open'; actor: number; ratio: number; size: number }
  | { kind: 'addColl'; actor: number; size: number }
  | { kind: 'withdrawColl'; actor: number; frac: number }
  | { kind: 'borrow'; actor: number; frac: number }
  | { kind: 'repay'; actor: number; frac: number }
  | { kind: 'close'; actor: number }
  | { kind: 'provide'; actor: number; frac: number }
  | { kind: 'withdrawSP'; actor: number; frac: number }
  | { kind: 'price'; move: number }
  | { kind: 'liquidate'; pick: number }
  | { kind: 'liquidateCaches'; n: number }
  | { kind: 'redeem'; actor: number; frac: number }
  | { kind: 'invalid'; rule: number; actor: number };

export type ValidIntent = Exclude<Intent, { kind: 'invalid' }>;
export type InvalidIntent = Extract<Intent, { kind: 'invalid' }>;

const actor = fc.integer({ min: 0, max: ACTORS - 1 });
const frac = fc.integer({ min: 1, max: 1000 }); // thousandths
export const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('open' as const), actor, ratio: frac, size: frac }), weight: 3 },
  fc.record({ kind: fc.constant('addColl' as const), actor, size: frac }),
  fc.record({ kind: fc.constant('withdrawColl' as const), actor, frac }),
  { arbitrary: fc.record({ kind: fc.constant('borrow' as const), actor, frac }), weight: 2 },
  fc.record({ kind: fc.constant('repay' as const), actor, frac }),
  fc.record({ kind: fc.constant('close' as const), actor }),
  { arbitrary: fc.record({ kind: fc.constant('provide' as const), actor, frac }), weight: 2 },
  fc.record({ kind: fc.constant('withdrawSP' as const), actor, frac }),
  // price moves between -35% and +25% (300..6000): liquidations, redistributions, recovery mode
  {
    arbitrary: fc.record({ kind: fc.constant('price' as const), move: fc.integer({ min: -35, max: 25 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('liquidate' as const), pick: frac }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('liquidateCaches' as const),
      n: fc.integer({ min: 1, max: 6 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('redeem' as const), actor, frac }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('invalid' as const),
      rule: fc.integer({ min: 0, max: 9 }),
      actor,
    }),
    weight: 3,
  },
);

/** `thousandths`/1000 of `of`, rounded down. */
export const f = (thousandths: number, of: bigint) => (of * BigInt(thousandths)) / 1000n;
export const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
