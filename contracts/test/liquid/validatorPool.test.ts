// ValidatorPool and FETHToken: every function's happy path and revert reasons, access control, the
// queue's order, partial fills, cancels, failure events, fee splits and re-entrancy.
import { expect } from 'chai';
import hre from 'hardhat';
import { decodeErrorResult, parseEther, type Address, type Hex } from 'viem';
import {
  ethBalance,
  eventsNamed as decodeEvents,
  expectRevert,
  gasCost,
  increaseTime,
  mined,
} from '../lending/fixture';
import {
  ETH32,
  Failure,
  KYC,
  VS,
  accounting,
  addValidators,
  credit,
  depositValidators,
  deposits,
  loadLiquid,
  provideToRewardsPool,
  resetLiquid,
  type Liquid,
} from './fixture';

const E = (n: number | string) => parseEther(String(n));
const lower = (a: string) => a.toLowerCase();

/** Addresses in lower case (the wallets' addresses are), recursively. */
function norm<T>(x: T): T {
  if (typeof x === 'string' && /^0x[0-9a-fA-F]{40}$/.test(x)) return x.toLowerCase() as T;
  if (Array.isArray(x)) return x.map(norm) as T;
  if (x && typeof x === 'object' && typeof x !== 'bigint')
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, norm(v)])) as T;
  return x;
}

const eventsNamed = (...args: Parameters<typeof decodeEvents>) => norm(decodeEvents(...args));

/** Both accounting identities of IValidatorPool. */
async function expectAccounting(s: Liquid) {
  const a = await accounting(s);
  expect(a.supply, 'supply == free + staked + in transit').to.equal(a.free + a.staked + a.inTransit);
  expect(a.balance, 'balance == free + claimable + pending + unaccounted').to.equal(
    a.free + a.claimable + a.pending + a.unaccounted,
  );
  expect(a.queuedFETH >= a.unfilled, 'the pool holds the FETH of live and failed entries').to.equal(true);
  return a;
}

/** Deposits `validators` validators for `user` (registering them first). */
async function stake(s: Liquid, user = s.users[0], validators = 2, firstIndex = 0) {
  await addValidators(s, firstIndex, validators);
  await depositValidators(s, user, validators);
}

/** Marks validators `ids` exiting, credits their 32 ETH each, and settles them. */
async function exit(s: Liquid, ids: bigint[]) {
  await mined(s.pool.write.markExiting([ids], { account: s.serverAdmin.account }));
  await credit(s.addrs.validatorPool, ETH32 * BigInt(ids.length));
  return mined(s.pool.write.settleExits([ids], { account: s.serverAdmin.account }));
}

describe('FETHToken', () => {
  after(resetLiquid);

  it('is "payd Staked ETH" / FETH with 18 decimals and the pool as its only minter', async () => {
    const s = await loadLiquid();
    expect(await s.feth.read.name()).to.equal('payd Staked ETH');
    expect(await s.feth.read.symbol()).to.equal('FETH');
    expect(await s.feth.read.decimals()).to.equal(18);
    expect(lower(await s.feth.read.pool())).to.equal(lower(s.addrs.validatorPool));
    const user = s.users[0];
    const a = user.account.address;
    for (const call of [
      s.feth.write.mint([a, 1n], { account: user.account }),
      s.feth.write.burn([a, 0n], { account: user.account }),
      s.feth.write.moveToPool([a, 0n], { account: user.account }),
      s.feth.write.returnFromPool([a, 0n], { account: s.deployer.account }),
    ]) {
      await expectRevert(call, 'CallerNotAllowed');
    }
  });

  it('transfers, approves and refuses bad recipients, balances and allowances', async () => {
    const s = await loadLiquid();
    const [alice, bob, carol] = s.users;
    await stake(s, alice, 1);
    await mined(s.feth.write.transfer([bob.account.address, E(2)], { account: alice.account }));
    expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(2));
    for (const to of [
      '0x0000000000000000000000000000000000000000',
      s.addrs.fethToken,
      s.addrs.validatorPool,
    ] as Address[]) {
      await expectRevert(s.feth.write.transfer([to, 1n], { account: alice.account }), 'InvalidRecipient');
    }
    await expectRevert(
      s.feth.write.transfer([carol.account.address, E(3)], { account: bob.account }),
      'InsufficientBalance',
    );
    await mined(s.feth.write.approve([carol.account.address, E(1)], { account: bob.account }));
    await expectRevert(
      s.feth.write.transferFrom([bob.account.address, carol.account.address, E(2)], {
        account: carol.account,
      }),
      'InsufficientAllowance',
    );
    await mined(
      s.feth.write.transferFrom([bob.account.address, carol.account.address, E(1)], {
        account: carol.account,
      }),
    );
    expect(await s.feth.read.allowance([bob.account.address, carol.account.address])).to.equal(0n);
    await mined(s.feth.write.approve([carol.account.address, 2n ** 256n - 1n], { account: bob.account }));
    await mined(
      s.feth.write.transferFrom([bob.account.address, carol.account.address, E(1)], {
        account: carol.account,
      }),
    );
    expect(await s.feth.read.allowance([bob.account.address, carol.account.address])).to.equal(
      2n ** 256n - 1n,
    );
    expect(await s.feth.read.balanceOf([carol.account.address])).to.equal(E(2));
    expect(await s.feth.read.totalSupply()).to.equal(ETH32);
  });
});

describe('ValidatorPool', () => {
  after(resetLiquid);

  describe('deployment and reads', () => {
    it('starts empty, wired, with the default rates and period', async () => {
      const s = await loadLiquid();
      const p = s.pool.read;
      expect(await p.VALIDATOR_AMOUNT()).to.equal(ETH32);
      expect(await p.MAX_VALIDATORS_PER_DEPOSIT()).to.equal(50n);
      expect(await p.MAX_FILLS_PER_CALL()).to.equal(200n);
      expect(lower(await p.feth())).to.equal(lower(s.addrs.fethToken));
      expect(lower(await p.settings())).to.equal(lower(s.addrs.lendingSettings));
      expect(lower(await p.rewardsPool())).to.equal(lower(s.addrs.rewardsPool));
      expect(lower(await p.depositContract())).to.equal(lower(s.depositContract.address));
      expect(await p.reportPeriod()).to.equal(86_400n);
      expect(await p.stakingFeeRate()).to.equal(E('0.1'));
      expect(await p.miningFeeRate()).to.equal(E('0.1'));
      expect(await p.fethSwapFeeRate()).to.equal(0n);
      expect([await p.queueHead(), await p.queueNext(), await p.queueLength()]).to.deep.equal([1n, 1n, 0n]);
      expect(await p.nextValidatorToDeposit()).to.equal(0n);
      expect(await p.withdrawalCredentials()).to.equal(
        `0x01${'00'.repeat(11)}${lower(s.addrs.validatorPool).slice(2)}`,
      );
      expect(await p.queuePosition([s.users[0].account.address])).to.deep.equal([0n, 0n]);
      expect(await p.rewardsAvailable()).to.equal(0n);
      await expectAccounting(s);
    });

    it('fillEntry is only for the pool itself', async () => {
      const s = await loadLiquid();
      await expectRevert(s.pool.write.fillEntry([1n, 1n], { account: s.users[0].account }), 'OnlySelf');
    });
  });

  describe('validators (server admin)', () => {
    it('addValidators registers deposit data from id 1, in order', async () => {
      const s = await loadLiquid();
      const data = deposits(s, 0, 3);
      const receipt = await mined(s.pool.write.addValidators([data], { account: s.serverAdmin.account }));
      const added = eventsNamed(s.pool.abi, receipt.logs, 'ValidatorAdded');
      expect(added.map((e) => e.id)).to.deep.equal([1n, 2n, 3n]);
      expect(added.map((e) => e.pubkey)).to.deep.equal(data.map((d) => d.pubkey));
      expect(await s.pool.read.validatorCount()).to.equal(3n);
      expect(await s.pool.read.availableValidators()).to.equal(3n);
      expect(await s.pool.read.nextValidatorToDeposit()).to.equal(1n);
      expect(await s.pool.read.validatorStatus([2n])).to.equal(VS.Added);
      expect(await s.pool.read.validatorStatus([4n])).to.equal(VS.None);
      expect(await s.pool.read.validatorPubkey([3n])).to.equal(data[2].pubkey);
      expect(await s.pool.read.validatorIdOf([data[1].pubkey])).to.equal(2n);
      expect(await s.pool.read.validatorIdOf([deposits(s, 5, 1)[0].pubkey])).to.equal(0n);
      expect(await s.pool.read.validatorsWithStatus([VS.Added, 2n, 10n])).to.deep.equal([2n, 3n]);
      expect(await s.pool.read.validatorsWithStatus([VS.Added, 0n, 2n])).to.deep.equal([1n, 2n]);
      expect(await s.pool.read.validatorsWithStatus([VS.Staked, 0n, 10n])).to.deep.equal([]);
      expect(await s.pool.read.validatorsWithStatus([VS.Added, 1n, 2n ** 255n])).to.deep.equal([1n, 2n, 3n]);
    });

    it('addValidators refuses anyone but the server admin, an empty list, bad data and duplicates', async () => {
      const s = await loadLiquid();
      const [d0, d1] = deposits(s, 0, 2);
      const add = (list: (typeof d0)[], account = s.serverAdmin.account) =>
        s.pool.write.addValidators([list], { account });
      await expectRevert(add([d0], s.humanAdmin.account), 'NotServerAdmin');
      await expectRevert(add([d0], s.users[0].account), 'NotServerAdmin');
      await expectRevert(add([]), 'ZeroCount');
      await expectRevert(add([d0, { ...d1, pubkey: `${d1.pubkey}00` as Hex }]), 'pubkey must be 48 bytes');
      await expectRevert(
        add([{ ...d0, signature: d0.signature.slice(0, -2) as Hex }]),
        'InvalidValidator(0, "signature must be 96 bytes")',
      );
      // credentials of another address, or 0x00 (BLS) credentials
      const other = deposits({ ...s, addrs: { ...s.addrs, validatorPool: s.addrs.rewardsPool } }, 0, 1)[0];
      await expectRevert(add([other]), 'withdrawal credentials must be 0x01');
      const bls = `0x00${d0.withdrawal_credentials.slice(4)}` as Hex;
      await expectRevert(
        add([{ ...d0, withdrawal_credentials: bls }]),
        'withdrawal credentials must be 0x01',
      );
      await expectRevert(
        add([{ ...d0, deposit_data_root: d1.deposit_data_root }]),
        'deposit_data_root does not match',
      );
      await expectRevert(add([d0, d0]), 'DuplicateValidator');
      await mined(add([d0]));
      await expectRevert(add([d1, d0]), 'DuplicateValidator');
      await mined(s.pool.write.removeValidator([1n], { account: s.serverAdmin.account }));
      await expectRevert(add([d0]), 'DuplicateValidator'); // a pubkey is registered once
      expect(await s.pool.read.validatorCount()).to.equal(1n);
    });

    it('removeValidator takes an added validator out; deposits skip it', async () => {
      const s = await loadLiquid();
      await addValidators(s, 0, 4);
      await expectRevert(
        s.pool.write.removeValidator([1n], { account: s.users[0].account }),
        'NotServerAdmin',
      );
      await expectRevert(
        s.pool.write.removeValidator([0n], { account: s.serverAdmin.account }),
        'UnknownValidator(0)',
      );
      await expectRevert(
        s.pool.write.removeValidator([5n], { account: s.serverAdmin.account }),
        'UnknownValidator(5)',
      );
      const r = await mined(s.pool.write.removeValidator([1n], { account: s.serverAdmin.account }));
      expect(eventsNamed(s.pool.abi, r.logs, 'ValidatorRemoved')[0]).to.deep.equal({ id: 1n });
      await mined(s.pool.write.removeValidator([3n], { account: s.serverAdmin.account }));
      await expectRevert(
        s.pool.write.removeValidator([3n], { account: s.serverAdmin.account }),
        'WrongValidatorStatus(3, 5)',
      );
      expect(await s.pool.read.availableValidators()).to.equal(2n);
      expect(await s.pool.read.nextValidatorToDeposit()).to.equal(2n);
      const receipt = await depositValidators(s, s.users[0], 2);
      expect(eventsNamed(s.pool.abi, receipt.logs, 'ValidatorsDeposited')[0]).to.deep.include({
        firstId: 2n,
        count: 2n,
      });
      expect(await s.pool.read.validatorsWithStatus([VS.Staked, 1n, 10n])).to.deep.equal([2n, 4n]);
      expect(await s.pool.read.validatorsWithStatus([VS.Removed, 1n, 10n])).to.deep.equal([1n, 3n]);
      expect(await s.pool.read.nextValidatorToDeposit()).to.equal(0n);
      await expectRevert(
        s.pool.write.removeValidator([2n], { account: s.serverAdmin.account }),
        'WrongValidatorStatus(2, 2)',
      );
      // a validator added later is the next one
      await addValidators(s, 10, 1);
      expect(await s.pool.read.nextValidatorToDeposit()).to.equal(5n);
    });

    it('markExiting moves staked validators to exiting, and 32 ETH each into deactivatedETHInProgress', async () => {
      const s = await loadLiquid();
      await stake(s, s.users[0], 3);
      await addValidators(s, 3, 1);
      const mark = (ids: bigint[], account = s.serverAdmin.account) =>
        s.pool.write.markExiting([ids], { account });
      await expectRevert(mark([1n], s.humanAdmin.account), 'NotServerAdmin');
      await expectRevert(mark([]), 'ZeroCount');
      await expectRevert(mark([9n]), 'UnknownValidator(9)');
      await expectRevert(mark([1n, 4n]), 'WrongValidatorStatus(4, 1)');
      const r = await mined(mark([1n, 3n]));
      expect(eventsNamed(s.pool.abi, r.logs, 'ValidatorExiting').map((e) => e.id)).to.deep.equal([1n, 3n]);
      await expectRevert(mark([3n]), 'WrongValidatorStatus(3, 3)');
      expect(await s.pool.read.totalStakedETH()).to.equal(ETH32);
      expect(await s.pool.read.deactivatedETHInProgress()).to.equal(2n * ETH32);
      expect(await s.pool.read.validatorsWithStatus([VS.Exiting, 0n, 5n])).to.deep.equal([1n, 3n]);
      await expectAccounting(s);
    });

    it('settleExits needs the balances to have arrived, then frees 32 ETH each; the excess stays unaccounted', async () => {
      const s = await loadLiquid();
      await stake(s, s.users[0], 3);
      await mined(s.pool.write.markExiting([[1n, 2n]], { account: s.serverAdmin.account }));
      const settle = (ids: bigint[], account = s.serverAdmin.account) =>
        s.pool.write.settleExits([ids], { account });
      await expectRevert(settle([1n], s.users[0].account), 'NotServerAdmin');
      await expectRevert(settle([]), 'ZeroCount');
      await credit(s.addrs.validatorPool, E(50));
      await expectRevert(settle([1n, 2n]), `ExitBalanceNotArrived(${2n * ETH32}, ${E(50)})`);
      await expectRevert(settle([3n]), 'WrongValidatorStatus(3, 2)');
      await expectRevert(settle([7n]), 'UnknownValidator(7)');
      await mined(settle([1n]));
      expect(await s.pool.read.validatorStatus([1n])).to.equal(VS.Exited);
      expect(await s.pool.read.freeETH()).to.equal(ETH32);
      expect(await s.pool.read.unaccountedETH()).to.equal(E(18));
      // 18 ETH arrived, but 32 are still in transit for validator 2: no rewards to report yet
      expect(await s.pool.read.rewardsAvailable()).to.equal(0n);
      await credit(s.addrs.validatorPool, E('32.5'));
      expect(await s.pool.read.rewardsAvailable()).to.equal(E('18.5'));
      const r = await mined(settle([2n]));
      expect(eventsNamed(s.pool.abi, r.logs, 'ValidatorExited')).to.deep.equal([{ id: 2n }]);
      expect(await s.pool.read.unaccountedETH()).to.equal(E('18.5'));
      await expectRevert(settle([2n]), 'WrongValidatorStatus(2, 4)');
      await expectAccounting(s);
    });
  });

  describe('depositMultipleValidators', () => {
    it('deposits the next validators through the deposit contract and mints count x 32 FETH', async () => {
      const s = await loadLiquid();
      const data = deposits(s, 0, 3);
      await mined(s.pool.write.addValidators([data], { account: s.serverAdmin.account }));
      const user = s.users[0];
      const r = await depositValidators(s, user, 2);
      const events = eventsNamed(s.depositContract.abi, r.logs, 'DepositEvent');
      expect(events.map((e) => e.pubkey)).to.deep.equal([data[0].pubkey, data[1].pubkey]);
      expect(events.map((e) => lower(e.withdrawal_credentials as string))).to.deep.equal([
        lower(data[0].withdrawal_credentials),
        lower(data[1].withdrawal_credentials),
      ]);
      expect(eventsNamed(s.pool.abi, r.logs, 'ValidatorsDeposited')[0]).to.deep.equal({
        depositor: user.account.address,
        count: 2n,
        firstId: 1n,
        fethMinted: 2n * ETH32,
      });
      expect(await ethBalance(s.depositContract.address)).to.equal(2n * ETH32);
      expect(await ethBalance(s.addrs.validatorPool)).to.equal(0n);
      expect(await s.feth.read.balanceOf([user.account.address])).to.equal(2n * ETH32);
      expect(await s.pool.read.validatorStatus([1n])).to.equal(VS.Staked);
      expect(await s.pool.read.validatorStatus([3n])).to.equal(VS.Added);
      expect(await s.pool.read.availableValidators()).to.equal(1n);
      expect(await s.pool.read.nextValidatorToDeposit()).to.equal(3n);
      await expectAccounting(s);
    });

    it('refuses without KYC, zero, more than 50 or than available, and a wrong value', async () => {
      const s = await loadLiquid();
      await addValidators(s, 0, 2);
      const user = s.users[0];
      const dep = (count: bigint, value: bigint) =>
        s.pool.write.depositMultipleValidators([count], { account: user.account, value });
      await mined(s.kyc.write.setDenied(['canDepositFETH', true]));
      await expectRevert(dep(1n, ETH32), 'canDepositFETH');
      await mined(s.kyc.write.setDenied(['canDepositFETH', false]));
      await mined(s.kyc.write.setStatus([user.account.address, KYC.Suspended]));
      await expectRevert(dep(1n, ETH32), 'KycDenied');
      await mined(s.kyc.write.setStatus([user.account.address, KYC.Approved]));
      await expectRevert(dep(0n, 0n), 'ZeroCount');
      await expectRevert(dep(51n, 51n * ETH32), 'TooManyValidators(51, 50)');
      await expectRevert(dep(3n, 3n * ETH32), 'NotEnoughAvailableValidators(3, 2)');
      await expectRevert(dep(2n, ETH32), `WrongValue(${2n * ETH32}, ${ETH32})`);
      await expectRevert(dep(1n, ETH32 + 1n), 'WrongValue');
      expect(await s.pool.read.availableValidators()).to.equal(2n);
    });

    it('reverts as a whole with DepositFailed(id, reason) when the deposit contract refuses', async () => {
      const s = await loadLiquid();
      await addValidators(s, 0, 2);
      // a "deposit contract" without a deposit function: the call reverts with no data
      await mined(s.pool.write.setDepositContract([s.addrs.fethToken], { account: s.humanAdmin.account }));
      await expectRevert(depositValidators(s, s.users[0], 2), 'DepositFailed(1, "0x")');
      expect(await s.pool.read.availableValidators()).to.equal(2n);
      expect(await s.pool.read.validatorStatus([1n])).to.equal(VS.Added);
      expect(await s.feth.read.totalSupply()).to.equal(0n);
    });

    it('deposits 50 validators in one call', async () => {
      const s = await loadLiquid();
      await addValidators(s, 0, 50);
      await depositValidators(s, s.users[0], 50);
      expect(await s.feth.read.totalSupply()).to.equal(50n * ETH32);
      expect(await s.depositContract.read.get_deposit_count()).to.equal('0x3200000000000000');
    });
  });

  describe('the swap queue', () => {
    it('depositFETH queues FETH behind the others (no approval) and fills from free ETH', async () => {
      const s = await loadLiquid();
      const [alice, bob] = s.users;
      await stake(s, alice, 2);
      const r = await mined(s.pool.write.depositFETH([E(10)], { account: alice.account }));
      expect(eventsNamed(s.pool.abi, r.logs, 'SwapQueued')[0]).to.deep.equal({
        entryId: 1n,
        depositor: alice.account.address,
        amount: E(10),
      });
      expect(await s.feth.read.balanceOf([s.addrs.validatorPool])).to.equal(E(10));
      expect(await s.feth.read.balanceOf([alice.account.address])).to.equal(E(54));
      expect(await s.pool.read.entryOf([alice.account.address])).to.equal(1n);
      expect(norm(await s.pool.read.queueEntry([1n]))).to.deep.equal([alice.account.address, E(10)]);
      expect(await s.pool.read.fethSwapDeposit([alice.account.address])).to.equal(E(10));
      expect(await s.pool.read.unfilledFETHInQueue()).to.equal(E(10));
      expect([
        await s.pool.read.queueHead(),
        await s.pool.read.queueNext(),
        await s.pool.read.queueLength(),
      ]).to.deep.equal([1n, 2n, 1n]);
      expect(await s.pool.read.queuePosition([alice.account.address])).to.deep.equal([1n, 0n]);
      // an exit's 32 ETH fills alice's 10 FETH and leaves 22 free; bob's later 30 takes the 22
      await exit(s, [1n]);
      expect(await s.pool.read.ethSwapClaim([alice.account.address])).to.equal(E(10));
      expect(await s.pool.read.entryOf([alice.account.address])).to.equal(0n);
      expect(await s.pool.read.freeETH()).to.equal(E(22));
      await mined(s.feth.write.transfer([bob.account.address, E(30)], { account: alice.account }));
      const r2 = await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
      expect(eventsNamed(s.pool.abi, r2.logs, 'SwapFilled')[0]).to.deep.equal({
        entryId: 2n,
        depositor: bob.account.address,
        amount: E(22),
        remaining: E(8),
      });
      expect(await s.pool.read.freeETH()).to.equal(0n);
      expect(await s.pool.read.fethSwapDeposit([bob.account.address])).to.equal(E(8));
      expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(E(22));
      expect(await s.pool.read.claimableETH()).to.equal(E(32));
      const a = await expectAccounting(s);
      expect(a.supply).to.equal(E(32));
    });

    it('depositFETH refuses without KYC, zero, more than the balance, and a second open entry', async () => {
      const s = await loadLiquid();
      const [alice, bob] = s.users;
      await stake(s, alice, 1);
      const q = (amount: bigint, who = alice) => s.pool.write.depositFETH([amount], { account: who.account });
      await mined(s.kyc.write.setDenied(['canDepositFETH', true]));
      await expectRevert(q(E(1)), 'canDepositFETH');
      await mined(s.kyc.write.setDenied(['canDepositFETH', false]));
      await expectRevert(q(0n), 'ZeroAmount');
      await expectRevert(q(E(33)), `InsufficientFETH(${ETH32}, ${E(33)})`);
      await expectRevert(q(E(1), bob), `InsufficientFETH(0, ${E(1)})`);
      await mined(q(E(1)));
      await expectRevert(q(E(1)), 'AlreadyQueued(1)');
    });

    it('fills strictly first in, first out, with partial fills of the head only', async () => {
      const s = await loadLiquid();
      const [alice, bob, carol] = s.users;
      await stake(s, alice, 3);
      await mined(s.feth.write.transfer([bob.account.address, E(30)], { account: alice.account }));
      await mined(s.feth.write.transfer([carol.account.address, E(5)], { account: alice.account }));
      await mined(s.pool.write.depositFETH([E(20)], { account: alice.account }));
      await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
      await mined(s.pool.write.depositFETH([E(5)], { account: carol.account }));
      expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([3n, E(50)]);
      const r = await exit(s, [1n]);
      expect(eventsNamed(s.pool.abi, r.logs, 'SwapFilled')).to.deep.equal([
        { entryId: 1n, depositor: alice.account.address, amount: E(20), remaining: 0n },
        { entryId: 2n, depositor: bob.account.address, amount: E(12), remaining: E(18) },
      ]);
      expect(await s.pool.read.queueHead()).to.equal(2n);
      expect(await s.pool.read.queueLength()).to.equal(2n);
      expect(await s.pool.read.queuePosition([bob.account.address])).to.deep.equal([1n, 0n]);
      expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([2n, E(18)]);
      expect(await s.pool.read.ethSwapClaim([carol.account.address])).to.equal(0n);
      const r2 = await exit(s, [2n]);
      expect(eventsNamed(s.pool.abi, r2.logs, 'SwapFilled')).to.deep.equal([
        { entryId: 2n, depositor: bob.account.address, amount: E(18), remaining: 0n },
        { entryId: 3n, depositor: carol.account.address, amount: E(5), remaining: 0n },
      ]);
      expect(await s.pool.read.freeETH()).to.equal(E(9));
      expect([
        await s.pool.read.queueHead(),
        await s.pool.read.queueNext(),
        await s.pool.read.queueLength(),
      ]).to.deep.equal([4n, 4n, 0n]);
      expect(await s.pool.read.unfilledFETHInQueue()).to.equal(0n);
      expect(await s.feth.read.balanceOf([s.addrs.validatorPool])).to.equal(0n);
      await expectAccounting(s);
    });

    it('cancelFETHDeposit returns the unfilled FETH; the head skips cancelled entries', async () => {
      const s = await loadLiquid();
      const [alice, bob, carol] = s.users;
      await stake(s, alice, 3);
      await expectRevert(s.pool.write.cancelFETHDeposit({ account: alice.account }), 'NothingQueued');
      for (const [w, n] of [
        [bob, 30],
        [carol, 10],
      ] as const) {
        await mined(s.feth.write.transfer([w.account.address, E(n)], { account: alice.account }));
      }
      await mined(s.pool.write.depositFETH([E(20)], { account: alice.account }));
      await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
      await mined(s.pool.write.depositFETH([E(10)], { account: carol.account }));
      // bob, in the middle, cancels
      const r = await mined(s.pool.write.cancelFETHDeposit({ account: bob.account }));
      expect(eventsNamed(s.pool.abi, r.logs, 'SwapCancelled')[0]).to.deep.equal({
        entryId: 2n,
        depositor: bob.account.address,
        fethReturned: E(30),
      });
      expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(30));
      expect(await s.pool.read.queueLength()).to.equal(2n);
      expect(await s.pool.read.queueEntry([2n])).to.deep.equal([
        '0x0000000000000000000000000000000000000000',
        0n,
      ]);
      expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([2n, E(20)]);
      // the head (alice) cancels: the head moves past bob's cancelled entry to carol
      await mined(s.pool.write.cancelFETHDeposit({ account: alice.account }));
      expect(await s.pool.read.queueHead()).to.equal(3n);
      expect(await s.pool.read.queuePosition([carol.account.address])).to.deep.equal([1n, 0n]);
      // carol is partly filled (10 of 32 ETH... all of hers), then bob queues again at the back
      await mined(s.pool.write.depositFETH([E(30)], { account: bob.account }));
      const x = await exit(s, [1n]);
      expect(eventsNamed(s.pool.abi, x.logs, 'SwapFilled').map((e) => [e.entryId, e.amount])).to.deep.equal([
        [3n, E(10)],
        [4n, E(22)],
      ]);
      // bob cancels the unfilled rest of his partly filled entry and keeps the filled part
      await mined(s.pool.write.cancelFETHDeposit({ account: bob.account }));
      expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(8));
      expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(E(22));
      expect([
        await s.pool.read.queueHead(),
        await s.pool.read.queueNext(),
        await s.pool.read.queueLength(),
      ]).to.deep.equal([5n, 5n, 0n]);
      await expectRevert(s.pool.write.cancelFETHDeposit({ account: bob.account }), 'NothingQueued');
      await mined(s.pool.write.claimETH({ account: bob.account }));
      await expectAccounting(s);
    });

    it('claimETH pays the filled ETH less the swap fee, needs canWithdraw, and refuses when nothing is filled', async () => {
      const s = await loadLiquid();
      const [alice, , , feeWallet] = s.users;
      await stake(s, alice, 2);
      await expectRevert(s.pool.write.claimETH({ account: alice.account }), 'NothingToClaim');
      await mined(s.pool.write.depositFETH([E(40)], { account: alice.account }));
      await exit(s, [1n, 2n]);
      await mined(s.kyc.write.setDenied(['canWithdraw', true]));
      await expectRevert(s.pool.write.claimETH({ account: alice.account }), 'canWithdraw');
      await mined(s.kyc.write.setDenied(['canWithdraw', false]));
      await mined(
        s.pool.write.setFeeRates([E('0.1'), E('0.1'), E('0.01')], { account: s.humanAdmin.account }),
      );
      await mined(
        s.settings.write.setFeeWallet(['fethSwapFee', feeWallet.account.address], {
          account: s.serverAdmin.account,
        }),
      );
      const before = await ethBalance(alice.account.address);
      const feeBefore = await ethBalance(feeWallet.account.address);
      const r = await mined(s.pool.write.claimETH({ account: alice.account }));
      expect(eventsNamed(s.pool.abi, r.logs, 'ETHClaimed')[0]).to.deep.equal({
        depositor: alice.account.address,
        amount: E('39.6'),
        fee: E('0.4'),
      });
      expect((await ethBalance(alice.account.address)) - before + gasCost(r)).to.equal(E('39.6'));
      expect((await ethBalance(feeWallet.account.address)) - feeBefore).to.equal(E('0.4'));
      expect(await s.pool.read.ethSwapClaim([alice.account.address])).to.equal(0n);
      expect(await s.pool.read.claimableETH()).to.equal(0n);
      await expectRevert(s.pool.write.claimETH({ account: alice.account }), 'NothingToClaim');
      const a = await expectAccounting(s);
      expect(a.free).to.equal(E(24));
    });

    it('claimETH cannot be re-entered; a refusing receiver reverts the claim', async () => {
      const s = await loadLiquid();
      const actor = await hre.viem.deployContract('PoolActor', [s.addrs.validatorPool]);
      await mined(s.kyc.write.setStatus([actor.address, KYC.Approved]));
      await stake(s, s.users[0], 2);
      await mined(s.feth.write.transfer([actor.address, E(10)], { account: s.users[0].account }));
      await mined(actor.write.depositFETH([E(10)]));
      await mined(s.pool.write.depositFETH([E(5)], { account: s.users[0].account }));
      await exit(s, [1n]);
      await mined(actor.write.setMode([1])); // refuse
      await expectRevert(actor.write.claimETH(), 'ETHTransferFailed');
      const reentryError = async () =>
        decodeErrorResult({ abi: s.pool.abi, data: await actor.read.reentryError() }).errorName;
      for (const mode of [2, 3, 4]) {
        // re-entering claimETH, cancelFETHDeposit or processQueue from the receiver is refused
        await mined(actor.write.setMode([mode]));
        const id = await hre.network.provider.request({ method: 'evm_snapshot', params: [] });
        await mined(actor.write.claimETH());
        expect(await reentryError()).to.equal('Reentrancy');
        expect(await actor.read.received()).to.equal(E(10));
        await expectAccounting(s);
        await hre.network.provider.request({ method: 'evm_revert', params: [id] });
      }
      await mined(actor.write.setMode([0]));
      await mined(actor.write.claimETH());
      expect(await actor.read.received()).to.equal(E(10));
      await expectRevert(actor.write.claimETH(), 'NothingToClaim');
    });

    it('processQueue continues where the automatic fills (200 entries) stopped', async () => {
      const s = await loadLiquid();
      const [alice] = s.users;
      await stake(s, alice, 7); // 224 FETH
      const testClient = await hre.viem.getTestClient();
      const holders: Address[] = [];
      for (let i = 0; i < 201; i++) {
        const who = `0x${(0xfe7000 + i).toString(16).padStart(40, '0')}` as Address;
        holders.push(who);
        await testClient.setBalance({ address: who, value: E(1) });
        await testClient.impersonateAccount({ address: who });
        await s.kyc.write.setStatus([who, KYC.Approved]);
        await s.feth.write.transfer([who, E(1)], { account: alice.account });
        await s.pool.write.depositFETH([E(1)], { account: who });
      }
      expect(await s.pool.read.queueLength()).to.equal(201n);
      await expectRevert(s.pool.write.processQueue([0n]), 'ZeroCount');
      const r = await exit(s, [1n, 2n, 3n, 4n, 5n, 6n, 7n]);
      expect(eventsNamed(s.pool.abi, r.logs, 'SwapFilled')).to.have.length(200);
      expect(await s.pool.read.queueLength()).to.equal(1n);
      expect(await s.pool.read.freeETH()).to.equal(E(24));
      // too little gas for one more fill: refused as a whole rather than skipping the entry
      await expectRevert(s.pool.write.processQueue([5n], { gas: 200_000n }), 'NotEnoughGasToFill');
      const r2 = await mined(s.pool.write.processQueue([5n], { account: s.users[5].account }));
      expect(eventsNamed(s.pool.abi, r2.logs, 'SwapFilled')[0]).to.deep.include({
        entryId: 201n,
        amount: E(1),
      });
      expect(await s.pool.read.ethSwapClaim([holders[200]])).to.equal(E(1));
      expect(await s.pool.read.queueLength()).to.equal(0n);
      await expectAccounting(s);
    });
  });

  describe('reportRewards', () => {
    it('splits staking and mining rewards into fee cuts, charity and the rewards pool', async () => {
      const s = await loadLiquid();
      const [alice, depositor, stakingW, miningW, charityW] = s.users;
      await stake(s, alice, 1);
      await provideToRewardsPool(s, depositor, 10_000n);
      const set = (name: string, w: typeof alice) =>
        mined(s.settings.write.setFeeWallet([name, w.account.address], { account: s.serverAdmin.account }));
      await set('stakingFee', stakingW);
      await set('miningFee', miningW);
      await set('charityWalletFETH', charityW);
      await mined(s.settings.write.setCharityShares([E('0.2'), 0n], { account: s.serverAdmin.account }));
      await credit(s.addrs.validatorPool, E(3));
      const before = await Promise.all(
        [stakingW, miningW, charityW].map((w) => ethBalance(w.account.address)),
      );
      await expectRevert(
        s.pool.write.reportRewards([E(2), E(1)], { account: alice.account }),
        'NotServerAdmin',
      );
      await expectRevert(
        s.pool.write.reportRewards([E(2), E('1.5')], { account: s.serverAdmin.account }),
        `RewardsNotArrived(${E('3.5')}, ${E(3)})`,
      );
      const r = await mined(s.pool.write.reportRewards([E(2), E(1)], { account: s.serverAdmin.account }));
      // staking cut 10% of 2 = 0.2, mining cut 10% of 1 = 0.1, charity 20% of 2.7 = 0.54, 2.16 to depositors
      const [ev] = eventsNamed(s.pool.abi, r.logs, 'RewardsReported');
      const now = (await (await hre.viem.getPublicClient()).getBlock()).timestamp;
      expect(ev).to.deep.equal({
        period: now / 86_400n,
        stakingRewards: E(2),
        miningRewards: E(1),
        stakingFeeCut: E('0.2'),
        miningFeeCut: E('0.1'),
        charityShare: E('0.54'),
        distributed: E('2.16'),
      });
      const after = await Promise.all(
        [stakingW, miningW, charityW].map((w) => ethBalance(w.account.address)),
      );
      expect(after.map((b, i) => b - before[i])).to.deep.equal([E('0.2'), E('0.1'), E('0.54')]);
      expect(await s.rewardsPool.read.totalRewardsDistributed()).to.equal(E('2.16'));
      const gain = await s.rewardsPool.read.getDepositorETHGain([depositor.account.address]);
      expect(E('2.16') - gain < 10n ** 6n).to.equal(true);
      expect(await s.pool.read.totalLifetimeStakingRewards()).to.equal(E(2));
      expect(await s.pool.read.totalLifetimeMiningRewards()).to.equal(E(1));
      expect(await s.pool.read.currentRewards()).to.equal(E(3));
      expect(await s.pool.read.lastReportPeriod()).to.equal(now / 86_400n);
      expect(await s.pool.read.unaccountedETH()).to.equal(0n);
      await expectAccounting(s);
    });

    it('at most once per period; the next period may report again', async () => {
      const s = await loadLiquid();
      await credit(s.addrs.validatorPool, E(2));
      const report = () => s.pool.write.reportRewards([E('0.5'), 0n], { account: s.serverAdmin.account });
      await mined(report());
      await expectRevert(report(), 'AlreadyReportedThisPeriod');
      await increaseTime(86_400);
      await mined(report());
      expect(await s.pool.read.totalLifetimeStakingRewards()).to.equal(E(1));
      // a shorter period: the latest report's period in the new unit is the one already reported
      await mined(s.pool.write.setReportPeriod([3600n], { account: s.humanAdmin.account }));
      await expectRevert(report(), 'AlreadyReportedThisPeriod');
      await increaseTime(3600);
      await mined(report());
    });

    it("keeps the depositors' part pending while the rewards pool is empty, and sends it with the next report", async () => {
      const s = await loadLiquid();
      const depositor = s.users[1];
      await mined(s.pool.write.setFeeRates([0n, 0n, 0n], { account: s.humanAdmin.account }));
      await credit(s.addrs.validatorPool, E(1));
      const treasuryBefore = await ethBalance(s.treasury);
      const r = await mined(s.pool.write.reportRewards([E(1), 0n], { account: s.serverAdmin.account }));
      expect(eventsNamed(s.pool.abi, r.logs, 'RewardsReported')[0]).to.deep.include({
        distributed: 0n,
        stakingFeeCut: 0n,
        charityShare: 0n,
      });
      expect(await ethBalance(s.treasury)).to.equal(treasuryBefore); // zero cuts are not sent
      expect(await s.pool.read.pendingRewardsETH()).to.equal(E(1));
      expect(await s.pool.read.unaccountedETH()).to.equal(0n);
      expect(await s.pool.read.rewardsAvailable()).to.equal(0n);
      await expectAccounting(s);
      await provideToRewardsPool(s, depositor, 5000n);
      await increaseTime(86_400);
      await credit(s.addrs.validatorPool, E('0.5'));
      const r2 = await mined(s.pool.write.reportRewards([0n, E('0.5')], { account: s.serverAdmin.account }));
      expect(eventsNamed(s.pool.abi, r2.logs, 'RewardsReported')[0]).to.deep.include({
        distributed: E('1.5'),
      });
      expect(await s.pool.read.pendingRewardsETH()).to.equal(0n);
      expect(await s.rewardsPool.read.totalRewardsDistributed()).to.equal(E('1.5'));
      expect(await s.pool.read.currentRewards()).to.equal(E('0.5'));
      await expectAccounting(s);
    });
  });

  describe('human admin', () => {
    it('setFeeRates within the caps', async () => {
      const s = await loadLiquid();
      const set = (a: bigint, b: bigint, c: bigint, account = s.humanAdmin.account) =>
        s.pool.write.setFeeRates([a, b, c], { account });
      await expectRevert(set(0n, 0n, 0n, s.serverAdmin.account), 'NotHumanAdmin');
      await expectRevert(set(E('0.51'), 0n, 0n), `RateTooHigh(${E('0.51')}, ${E('0.5')})`);
      await expectRevert(set(0n, E('0.51'), 0n), 'RateTooHigh');
      await expectRevert(set(0n, 0n, E('0.051')), `RateTooHigh(${E('0.051')}, ${E('0.05')})`);
      const r = await mined(set(E('0.5'), E('0.25'), E('0.05')));
      expect(eventsNamed(s.pool.abi, r.logs, 'FeeRatesChanged')[0]).to.deep.equal({
        stakingFeeRate: E('0.5'),
        miningFeeRate: E('0.25'),
        fethSwapFeeRate: E('0.05'),
      });
      await mined(set(0n, 0n, 0n, s.deployer.account)); // the owner passes the human admin check
      expect(await s.pool.read.stakingFeeRate()).to.equal(0n);
    });

    it('setReportPeriod and setDepositContract', async () => {
      const s = await loadLiquid();
      await expectRevert(
        s.pool.write.setReportPeriod([3600n], { account: s.serverAdmin.account }),
        'NotHumanAdmin',
      );
      await expectRevert(s.pool.write.setReportPeriod([0n], { account: s.humanAdmin.account }), 'ZeroAmount');
      const r = await mined(s.pool.write.setReportPeriod([3600n], { account: s.humanAdmin.account }));
      expect(eventsNamed(s.pool.abi, r.logs, 'ReportPeriodChanged')[0]).to.deep.equal({ seconds_: 3600n });
      expect(await s.pool.read.reportPeriod()).to.equal(3600n);
      const other = s.users[3].account.address;
      await expectRevert(
        s.pool.write.setDepositContract([other], { account: s.serverAdmin.account }),
        'NotHumanAdmin',
      );
      await expectRevert(
        s.pool.write.setDepositContract(['0x0000000000000000000000000000000000000000'], {
          account: s.humanAdmin.account,
        }),
        'ZeroAddress',
      );
      const r2 = await mined(s.pool.write.setDepositContract([other], { account: s.humanAdmin.account }));
      expect(eventsNamed(s.pool.abi, r2.logs, 'DepositContractChanged')[0]).to.deep.equal({
        depositContract: other,
      });
      expect(lower(await s.pool.read.depositContract())).to.equal(other);
    });
  });
});

describe('ValidatorPool swap failures (FaultyFETHToken)', () => {
  after(resetLiquid);

  const cases = [
    { failure: Failure.ErrorString, event: 'SwapFailed', arg: 'reason', value: 'FaultyFETH: burn refused' },
    { failure: Failure.Panic, event: 'SwapFailedPanic', arg: 'code', value: 0x12n },
    { failure: Failure.CustomError, event: 'SwapFailedData', arg: 'data', value: 'BurnRefused' },
    { failure: Failure.OutOfGas, event: 'SwapFailedData', arg: 'data', value: '0x' },
  ] as const;

  for (const c of cases) {
    it(`${c.event} (${Object.keys(Failure)[c.failure]}): the entry leaves the queue, later entries are filled, its FETH is refundable`, async () => {
      const s = await loadLiquid('FaultyFETHToken');
      const [alice, bob, carol] = s.users;
      await stake(s, alice, 2);
      await mined(s.feth.write.transfer([bob.account.address, E(7)], { account: alice.account }));
      await mined(s.feth.write.transfer([carol.account.address, E(5)], { account: alice.account }));
      await mined(s.faulty.write.setFailure([E(7), c.failure]));
      await mined(s.pool.write.depositFETH([E(3)], { account: alice.account }));
      await mined(s.pool.write.depositFETH([E(7)], { account: bob.account }));
      await mined(s.pool.write.depositFETH([E(5)], { account: carol.account }));
      const r = await exit(s, [1n]);
      const failed = eventsNamed(s.pool.abi, r.logs, c.event);
      expect(failed).to.have.length(1);
      expect(failed[0]).to.deep.include({ entryId: 2n, depositor: bob.account.address });
      const got = failed[0][c.arg];
      if (c.value === 'BurnRefused') {
        expect(decodeErrorResult({ abi: s.faulty.abi, data: got as Hex }).errorName).to.equal('BurnRefused');
      } else {
        expect(got).to.equal(c.value);
      }
      expect(eventsNamed(s.pool.abi, r.logs, 'SwapFilled').map((e) => e.entryId)).to.deep.equal([1n, 3n]);
      expect(await s.pool.read.entryFailed([2n])).to.equal(true);
      expect(await s.pool.read.queueLength()).to.equal(0n);
      expect(await s.pool.read.unfilledFETHInQueue()).to.equal(0n);
      expect(await s.pool.read.fethSwapDeposit([bob.account.address])).to.equal(E(7));
      expect(await s.pool.read.queuePosition([bob.account.address])).to.deep.equal([0n, 0n]);
      expect(await s.pool.read.freeETH()).to.equal(E(24));
      await expectRevert(s.pool.write.depositFETH([E(1)], { account: bob.account }), 'AlreadyQueued(2)');
      await expectAccounting(s);
      // bob takes his FETH back and may queue again
      await mined(s.faulty.write.setFailure([E(7), Failure.None]));
      const c2 = await mined(s.pool.write.cancelFETHDeposit({ account: bob.account }));
      expect(eventsNamed(s.pool.abi, c2.logs, 'SwapCancelled')[0]).to.deep.include({
        entryId: 2n,
        fethReturned: E(7),
      });
      expect(await s.feth.read.balanceOf([bob.account.address])).to.equal(E(7));
      const again = await mined(s.pool.write.depositFETH([E(7)], { account: bob.account }));
      expect(eventsNamed(s.pool.abi, again.logs, 'SwapFilled')[0]).to.deep.include({
        entryId: 4n,
        amount: E(7),
      });
      await expectAccounting(s);
    });
  }

  it('a failure on a partial fill keeps the whole unfilled amount refundable', async () => {
    const s = await loadLiquid('FaultyFETHToken');
    const [alice, bob] = s.users;
    await stake(s, alice, 2);
    await mined(s.pool.write.depositFETH([E(40)], { account: alice.account }));
    await mined(s.faulty.write.setFailure([E(32), Failure.ErrorString]));
    const r = await exit(s, [1n]);
    expect(eventsNamed(s.pool.abi, r.logs, 'SwapFailed')[0]).to.deep.include({ entryId: 1n });
    expect(await s.pool.read.fethSwapDeposit([alice.account.address])).to.equal(E(40));
    // the free ETH waits for the next entry
    await mined(s.feth.write.transfer([bob.account.address, E(10)], { account: alice.account }));
    await mined(s.pool.write.depositFETH([E(10)], { account: bob.account }));
    expect(await s.pool.read.ethSwapClaim([bob.account.address])).to.equal(E(10));
    await mined(s.pool.write.cancelFETHDeposit({ account: alice.account }));
    expect(await s.feth.read.balanceOf([alice.account.address])).to.equal(E(54));
    await expectAccounting(s);
  });
});
