// Security review of the liquid staking contracts (issue 13): each test pins a problem found in
// review (a run of dead queue entries that made fills, settlements and the head's cancel unminable,
// a fee wallet that refuses ETH blocking every claim and report, reward amounts that overflowed
// into a panic) and the behaviour after its fix.
import { expect } from 'chai';
import hre from 'hardhat';
import { maxUint256, parseEther, toHex, type Address } from 'viem';
import { eventsNamed, expectRevert, mined } from '../lending/fixture';
import {
  ETH32,
  accounting,
  addValidators,
  credit,
  depositValidators,
  loadLiquid,
  provideToRewardsPool,
  resetLiquid,
  type Liquid,
} from './fixture';

const E = (n: number | string) => parseEther(String(n));
/** Below hardhat's 30M block gas limit with room: what one call may cost at most here. */
const CALL_GAS_BOUND = 5_000_000n;

async function expectAccounting(s: Liquid) {
  const a = await accounting(s);
  expect(a.supply, 'supply == free + staked + in transit').to.equal(a.free + a.staked + a.inTransit);
  expect(a.balance, 'balance == free + claimable + pending + fees owed + unaccounted').to.equal(
    a.free + a.claimable + a.pending + a.feesOwed + a.unaccounted,
  );
}

/**
 * Makes `n` dead (deleted) entries after the current last one, as n rounds of depositFETH +
 * cancelFETHDeposit by one address would (a deleted entry is an all-zero slot): queueNext += n.
 */
async function addDeadEntries(s: Liquid, n: bigint) {
  const publicClient = await hre.viem.getPublicClient();
  const testClient = await hre.viem.getTestClient();
  const next = await s.pool.read.queueNext();
  // storage slot of queueNext: owner, serverAdmin, humanAdmin, freeETH, claimableETH,
  // unfilledFETHInQueue, queueHead, queueNext
  const slot = toHex(7n, { size: 32 });
  const stored = await publicClient.getStorageAt({ address: s.addrs.validatorPool, slot });
  expect(BigInt(stored!), 'slot 7 is queueNext').to.equal(next);
  await testClient.setStorageAt({
    address: s.addrs.validatorPool,
    index: slot,
    value: toHex(next + n, { size: 32 }),
  });
  expect(await s.pool.read.queueNext()).to.equal(next + n);
}

async function gasOf(hash: Promise<`0x${string}`>) {
  return (await mined(hash)).gasUsed;
}

// Each finding of the review is its own group; the describe only lists them.
/** The queue stays usable after a long run of cancelled entries. */
function deadEntries() {
  describe('a long run of dead queue entries (depositFETH + cancelFETHDeposit over and over)', () => {
    const DEAD = 20_000n; // stepping over all of them at once needs ~46M gas, above the block limit

    async function setUp() {
      const s = await loadLiquid();
      const [alice, bob, carol] = s.users;
      await addValidators(s, 0, 2);
      await depositValidators(s, alice, 2);
      await mined(s.feth.write.transfer([bob.account.address, E(10)], { account: alice.account }));
      await mined(s.feth.write.transfer([carol.account.address, E(5)], { account: alice.account }));
      await mined(s.pool.write.depositFETH([E(20)], { account: alice.account })); // entry 1, the head
      await addDeadEntries(s, DEAD);
      await mined(s.pool.write.depositFETH([E(10)], { account: bob.account })); // entry DEAD + 2
      return { s, alice, bob, carol };
    }

    it('settleExits still fills the head; processQueue reaches the entry behind the run in bounded calls', async () => {
      const { s, alice, bob } = await setUp();
      const max = await s.pool.read.MAX_SKIPS_PER_CALL();
      await mined(s.pool.write.markExiting([[1n]], { account: s.serverAdmin.account }));
      await credit(s.addrs.validatorPool, ETH32);
      const settleGas = await gasOf(s.pool.write.settleExits([[1n]], { account: s.serverAdmin.account }));
      expect(settleGas < CALL_GAS_BOUND, `settleExits used ${settleGas}`).to.equal(true);
      expect(await s.pool.read.ethSwapClaim([alice.account.address])).to.equal(E(20));
      expect(await s.pool.read.freeETH()).to.equal(E(12));
      await expectAccounting(s);

      let calls = 0n;
      while ((await s.pool.read.ethSwapClaim([bob.account.address])) === 0n) {
        const gas = await gasOf(s.pool.write.processQueue([1n], { account: alice.account }));
        expect(gas < CALL_GAS_BOUND, `processQueue used ${gas}`).to.equal(true);
        calls++;
        expect(calls <= DEAD / max + 1n, 'the head moves MAX_SKIPS_PER_CALL entries per call').to.equal(true);
      }
      expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(E(10));
      expect(await s.pool.read.freeETH()).to.equal(E(2));
      expect(await s.pool.read.queueLength()).to.equal(0n);
      expect(await s.pool.read.queueHead()).to.equal(await s.pool.read.queueNext());
      await expectAccounting(s);
    });

    it("the head's cancel stays cheap; the queue's positions stay right while the head catches up", async () => {
      const { s, alice, bob, carol } = await setUp();
      const gas = await gasOf(s.pool.write.cancelFETHDeposit({ account: alice.account }));
      expect(gas < CALL_GAS_BOUND, `cancelFETHDeposit used ${gas}`).to.equal(true);
      expect(await s.feth.read.balanceOf([alice.account.address])).to.equal(E(49));
      const head = await s.pool.read.queueHead();
      expect(head > 1n && head <= DEAD + 2n, 'the head moved on, at most to bob').to.equal(true);
      expect(await s.pool.read.queueLength()).to.equal(1n);

      // bob, the only live entry, cancels: no live entry is left, the head is queueNext at once
      await mined(s.pool.write.cancelFETHDeposit({ account: bob.account }));
      expect(await s.pool.read.queueLength()).to.equal(0n);
      expect(await s.pool.read.queueHead()).to.equal(await s.pool.read.queueNext());

      // a new entry is the head and is filled directly
      await mined(s.pool.write.depositFETH([E(5)], { account: carol.account }));
      expect(await s.pool.read.queueHead()).to.equal(DEAD + 3n);
      expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([1n, 0n]);
      await mined(s.pool.write.markExiting([[1n]], { account: s.serverAdmin.account }));
      await credit(s.addrs.validatorPool, ETH32);
      await mined(s.pool.write.settleExits([[1n]], { account: s.serverAdmin.account }));
      expect(await s.pool.read.ethSwapClaim([carol.account.address])).to.equal(E(5));
      await expectAccounting(s);
    });
  });
}

/** Claims and reports go on when a fee or charity wallet refuses ETH. */
function refusingWallets() {
  describe('a fee or charity wallet that refuses ETH', () => {
    /** A contract wallet whose receive() reverts (PoolActor in Refuse mode), set as `names`. */
    async function refusingWallet(s: Liquid, ...names: string[]): Promise<Address> {
      const actor = await hre.viem.deployContract('PoolActor', [s.addrs.validatorPool]);
      await mined(actor.write.setMode([1])); // Refuse
      for (const name of names)
        await mined(s.settings.write.setFeeWallet([name, actor.address], { account: s.humanAdmin.account }));
      return actor.address;
    }

    /** The wallet takes what it is owed once it accepts ETH (its code replaced by none). */
    async function withdrawAs(s: Liquid, wallet: Address) {
      const testClient = await hre.viem.getTestClient();
      await testClient.setCode({ address: wallet, bytecode: '0x' });
      await testClient.impersonateAccount({ address: wallet });
      await testClient.setBalance({ address: wallet, value: E(1) });
      const before = await hre.viem.getPublicClient().then((c) => c.getBalance({ address: wallet }));
      const r = await mined(s.pool.write.withdrawFees({ account: wallet }));
      await testClient.stopImpersonatingAccount({ address: wallet });
      const after = await hre.viem.getPublicClient().then((c) => c.getBalance({ address: wallet }));
      return { received: after - before + r.gasUsed * r.effectiveGasPrice, receipt: r };
    }

    it('claimETH still pays the depositor; the swap fee is owed to the wallet, which withdraws it later', async () => {
      const s = await loadLiquid();
      const [alice] = s.users;
      const wallet = await refusingWallet(s, 'fethSwapFee');
      await mined(
        s.pool.write.setFeeRates([E('0.1'), E('0.1'), E('0.01')], { account: s.humanAdmin.account }),
      );
      await addValidators(s, 0, 1);
      await depositValidators(s, alice, 1);
      await mined(s.pool.write.depositFETH([E(10)], { account: alice.account }));
      await mined(s.pool.write.markExiting([[1n]], { account: s.serverAdmin.account }));
      await credit(s.addrs.validatorPool, ETH32);
      await mined(s.pool.write.settleExits([[1n]], { account: s.serverAdmin.account }));

      const r = await mined(s.pool.write.claimETH({ account: alice.account }));
      const deferred = eventsNamed(s.pool.abi, r.logs, 'FeePaymentDeferred');
      expect(deferred).to.have.length(1);
      expect(String(deferred[0]!.wallet).toLowerCase()).to.equal(wallet.toLowerCase());
      expect(deferred[0]!.amount).to.equal(E('0.1'));
      expect(await s.pool.read.feesOwed([wallet])).to.equal(E('0.1'));
      expect(await s.pool.read.feesOwedETH()).to.equal(E('0.1'));
      expect(await s.pool.read.unaccountedETH(), 'an owed fee is not reportable as rewards').to.equal(0n);
      await expectAccounting(s);

      await expectRevert(s.pool.write.withdrawFees({ account: alice.account }), 'NothingToClaim');
      const { received } = await withdrawAs(s, wallet);
      expect(received).to.equal(E('0.1'));
      expect(await s.pool.read.feesOwedETH()).to.equal(0n);
      await expectAccounting(s);
    });

    it('reportRewards still reports and distributes; the cuts of refusing wallets are owed to them', async () => {
      const s = await loadLiquid();
      await provideToRewardsPool(s, s.users[1], 1000n);
      const wallet = await refusingWallet(s, 'stakingFee', 'miningFee', 'charityWalletFETH');
      await mined(s.settings.write.setCharityShares([E('0.1'), 0n], { account: s.humanAdmin.account }));
      await credit(s.addrs.validatorPool, E(3));
      const r = await mined(s.pool.write.reportRewards([E(2), E(1)], { account: s.serverAdmin.account }));
      // staking cut 0.2, mining cut 0.1, charity 10% of 2.7 = 0.27, depositors 2.43
      const deferred = eventsNamed(s.pool.abi, r.logs, 'FeePaymentDeferred').map((e) => e.amount);
      expect(deferred).to.deep.equal([E('0.2'), E('0.1'), E('0.27')]);
      expect(await s.pool.read.feesOwed([wallet])).to.equal(E('0.57'));
      expect(await s.rewardsPool.read.totalRewardsDistributed()).to.equal(E('2.43'));
      expect(await s.pool.read.rewardsAvailable()).to.equal(0n);
      await expectAccounting(s);
      const { received } = await withdrawAs(s, wallet);
      expect(received).to.equal(E('0.57'));
      await expectAccounting(s);
    });
  });
}

describe('ValidatorPool security review', () => {
  after(resetLiquid);

  deadEntries();

  refusingWallets();

  it('reportRewards refuses amounts whose sum overflows with RewardsNotArrived, not a panic', async () => {
    const s = await loadLiquid();
    await credit(s.addrs.validatorPool, E(1));
    for (const [staking, mining] of [
      [maxUint256, 1n],
      [1n, maxUint256],
      [maxUint256, maxUint256],
    ])
      await expectRevert(
        s.pool.write.reportRewards([staking, mining], { account: s.serverAdmin.account }),
        'RewardsNotArrived',
      );
  });

  it('a deposit contract without code (a misconfigured setDepositContract) refuses with DepositFailed', async () => {
    const s = await loadLiquid();
    const eoa = s.users[5].account.address;
    await mined(s.pool.write.setDepositContract([eoa], { account: s.humanAdmin.account }));
    await addValidators(s, 0, 1);
    await expectRevert(
      s.pool.write.depositMultipleValidators([1n], { account: s.users[0].account, value: ETH32 }),
      'DepositFailed',
    );
  });
});
