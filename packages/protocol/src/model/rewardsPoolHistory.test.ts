import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal/Decimal.ts';
import { rewardsApr, rewardsPoolHistory, type RewardsPoolEvent } from './rewardsPoolHistory.ts';

const E18 = 10n ** 18n;
const alice = '0x00000000000000000000000000000000000a11ce';
const bob = '0x0000000000000000000000000000000000000b0b';
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28);

/** A deposit change as the pool emits it: the new value, then P and S at that moment. */
const depositAt = (depositor: string, value: bigint, P: bigint, S: bigint): RewardsPoolEvent[] => [
  { kind: 'depositChanged', depositor: depositor as `0x${string}`, value },
  { kind: 'snapshot', depositor: depositor as `0x${string}`, P, S },
];
/** S after ETH shared by `total` PAYD at P, as distributeETHRewards or offset adds it. */
const added = (S: bigint, eth: bigint, total: bigint, P: bigint) => S + ((eth * E18) / total) * P;
/** `a` within a billionth of `b`. */
const close = (a: Decimal, b: string) => {
  const e = Decimal.from(b);
  expect(a.subOrZero(e).add(e.subOrZero(a)).lt('0.000000001'), `${a.toString()} is not ${b}`).toBe(true);
};

// alice and bob deposit 1000 PAYD each; a reward of 1 ETH; a liquidation uses 500 PAYD for 1 ETH;
// alice takes her gain out (her deposit is 750 now); a second reward of 1 ETH over 1500 PAYD.
const P1 = E18 - (500n * E18 * E18) / (2000n * E18) - 1n;
const S1 = added(0n, E18, 2000n * E18, E18);
const S2 = added(S1, E18, 2000n * E18, E18);
const aliceAfter = (1000n * E18 * P1) / E18;
const S3 = added(S2, E18, aliceAfter + aliceAfter, P1);
const events: RewardsPoolEvent[] = [
  ...depositAt(alice, 1000n * E18, E18, 0n),
  ...depositAt(bob, 1000n * E18, E18, 0n),
  { kind: 'sum', S: S1, epoch: 0n, scale: 0n, reward: { timestamp: NOW - 40 * DAY } },
  { kind: 'sum', S: S2, epoch: 0n, scale: 0n },
  { kind: 'product', P: P1 },
  { kind: 'gainWithdrawn', depositor: alice, PAYDLoss: 1000n * E18 - aliceAfter },
  ...depositAt(alice, aliceAfter, P1, S2),
  { kind: 'sum', S: S3, epoch: 0n, scale: 0n, reward: { timestamp: NOW - DAY } },
];

describe('rewardsPoolHistory', () => {
  it("gives the depositor its share of each reward, apart from the liquidation's gain", () => {
    const h = rewardsPoolHistory(events, alice);
    // half of the first report (1000 of 2000 PAYD) and half of the second (750 of 1500)
    close(h.rewardsEarned, '1');
  });

  it('keeps the PAYD liquidations used after the gain was withdrawn', () => {
    close(rewardsPoolHistory(events, alice).pastLiquidationLoss, '250');
    // bob's deposit never changed again: his loss is still initial - current, nothing past
    expect(rewardsPoolHistory(events, bob).pastLiquidationLoss.isZero).toBe(true);
  });

  it('gives nothing of the rewards reported before the deposit, or after it was emptied', () => {
    const late = [...events, ...depositAt('0x000000000000000000000000000000000000ca7e', 500n * E18, P1, S3)];
    expect(rewardsPoolHistory(late, '0x000000000000000000000000000000000000CA7E').rewardsEarned.isZero).toBe(
      true,
    );
    const emptied = [
      ...depositAt(alice, 1000n * E18, E18, 0n),
      { kind: 'depositChanged', depositor: alice, value: 0n },
      { kind: 'snapshot', depositor: alice, P: 0n, S: 0n },
      { kind: 'sum', S: S1, epoch: 0n, scale: 0n, reward: { timestamp: NOW } },
    ] satisfies RewardsPoolEvent[];
    expect(rewardsPoolHistory(emptied, alice).rewardsEarned.isZero).toBe(true);
  });

  it('counts a reward in the next scale a billionth, and none after the epoch changed', () => {
    const base = depositAt(alice, 1000n * E18, E18, 0n);
    const nextScale = rewardsPoolHistory(
      [
        ...base,
        { kind: 'scale', scale: 1n },
        { kind: 'sum', S: 10n ** 42n, epoch: 0n, scale: 1n, reward: { timestamp: NOW } },
      ],
      alice,
    );
    // 1000 PAYD x (1e42 / 1e9) / P / 1e18 = 1 ETH
    expect(nextScale.rewardsEarned.toString()).toBe('1');
    const nextEpoch = rewardsPoolHistory(
      [
        ...base,
        { kind: 'epoch', epoch: 1n },
        { kind: 'sum', S: 10n ** 36n, epoch: 1n, scale: 0n, reward: { timestamp: NOW } },
      ],
      alice,
    );
    expect(nextEpoch.rewardsEarned.isZero).toBe(true);
  });

  it('lists each reward with the ETH it gave a PAYD', () => {
    const { rewards } = rewardsPoolHistory(events, bob);
    expect(rewards.map((r) => r.timestamp)).toEqual([NOW - 40 * DAY, NOW - DAY]);
    expect(rewards[0]!.ethPerPAYD.toString()).toBe('0.0005');
    close(rewards[1]!.ethPerPAYD, '0.000666666666666666');
  });
});

describe('rewardsApr', () => {
  it('annualises the rewards of the last 30 days at the price', () => {
    const rewards = [
      { timestamp: NOW - DAY, ethPerPAYD: Decimal.from('0.000001') },
      { timestamp: NOW - 40 * DAY, ethPerPAYD: Decimal.from(1) },
    ];
    // 0.000001 ETH x 2000 = 0.002 PAYD per PAYD in 30 days, x 365 / 30 (the 40-day-old one is out)
    close(rewardsApr(rewards, Decimal.from(2000), NOW), '0.024333333333333333');
    expect(rewardsApr([], Decimal.from(2000), NOW).isZero).toBe(true);
  });
});
