// After any sequence of stakes, unstakes and waits by several customers, FTX staking's books agree
// with an independent model: each stake and its lock, the total, the tokens held, and the discount.
import { expect } from 'chai';
import fc from 'fast-check';
import hre from 'hardhat';
import { maxUint256, parseEther } from 'viem';
import { increaseTime, latestTimestamp, mined, Status } from './helpers';

const PERIOD = 1000n;
const TIERS = [
  { tier: 1n, start: parseEther('10'), end: parseEther('50'), percentage: 10n },
  { tier: 2n, start: parseEther('50'), end: parseEther('200'), percentage: 30n },
];
const tierOf = (amount: bigint) => TIERS.find((t) => amount >= t.start && amount < t.end)?.percentage ?? 0n;

type Op =
  | { kind: 'stake'; who: number; amount: bigint }
  | { kind: 'unstake'; who: number; amount: bigint }
  | { kind: 'wait'; seconds: bigint };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('stake' as const),
    who: fc.integer({ min: 0, max: 2 }),
    amount: fc.bigInt({ min: 1n, max: 120n }).map((n) => n * 10n ** 18n),
  }),
  fc.record({
    kind: fc.constant('unstake' as const),
    who: fc.integer({ min: 0, max: 2 }),
    amount: fc.bigInt({ min: 1n, max: 150n }).map((n) => n * 10n ** 18n),
  }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.bigInt({ min: 1n, max: 1500n }) }),
);

describe('FTXStaking (property)', () => {
  it('keeps stakes, locks, total, token balance and discounts equal to a model', async () => {
    const [owner, serverAdmin, humanAdmin, ...customers] = await hre.viem.getWalletClients();
    const stakers = customers.slice(0, 3);
    const kyc = await hre.viem.deployContract('KycManager', [
      serverAdmin.account.address,
      humanAdmin.account.address,
    ]);
    const ftx = await hre.viem.deployContract('FTXToken', [owner.account.address, parseEther('1000000')]);
    const staking = await hre.viem.deployContract('FTXStaking', [
      serverAdmin.account.address,
      humanAdmin.account.address,
      ftx.address,
      kyc.address,
      PERIOD,
    ]);
    await mined(staking.write.setDiscountTiers([TIERS], { account: serverAdmin.account }));
    for (const s of stakers) {
      await mined(
        kyc.write.setStatus([s.account.address, Status.Approved], { account: serverAdmin.account }),
      );
      await mined(ftx.write.transfer([s.account.address, parseEther('100000')]));
      await mined(ftx.write.approve([staking.address, maxUint256], { account: s.account }));
    }
    const provider = hre.network.provider;
    const testClient = await hre.viem.getTestClient();
    // a snapshot is used up by reverting to it, so each run takes a new one of the same state
    let start = (await provider.request({ method: 'evm_snapshot', params: [] })) as string;

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        expect(await provider.request({ method: 'evm_revert', params: [start] })).to.equal(true);
        start = (await provider.request({ method: 'evm_snapshot', params: [] })) as string;
        const model = stakers.map(() => ({ amount: 0n, since: 0n }));
        for (const o of ops) {
          if (o.kind === 'wait') {
            await increaseTime(o.seconds);
            continue;
          }
          const s = stakers[o.who];
          const m = model[o.who];
          if (o.kind === 'stake') {
            await mined(staking.write.stake([o.amount], { account: s.account }));
            m.amount += o.amount;
            m.since = await latestTimestamp();
          } else {
            // pin the next block's time so that the lock boundary is exact whatever the wall clock does
            const now = (await latestTimestamp()) + 1n;
            await testClient.setNextBlockTimestamp({ timestamp: now });
            const allowed = m.amount > 0n && now >= m.since + PERIOD;
            let reverted = false;
            try {
              await staking.write.unstake([o.amount], { account: s.account });
            } catch {
              reverted = true;
            }
            expect(reverted, `unstake allowed=${allowed}`).to.equal(!allowed);
            if (allowed) {
              m.amount -= o.amount < m.amount ? o.amount : m.amount;
              if (m.amount === 0n) m.since = 0n;
            }
          }
        }
        let total = 0n;
        for (const [i, s] of stakers.entries()) {
          const [amount, since] = await staking.read.stakes([s.account.address]);
          expect({ amount, since }).to.deep.equal(model[i]);
          expect(await staking.read.getDiscountPercentage([s.account.address])).to.equal(
            tierOf(model[i].amount),
          );
          total += model[i].amount;
        }
        expect(await staking.read.totalStaked()).to.equal(total);
        expect(await ftx.read.balanceOf([staking.address])).to.equal(total);
      }),
      { numRuns: 20 },
    );
  });
});
