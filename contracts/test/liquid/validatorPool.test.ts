// ValidatorPool: its reads, the server admin's validators (registration, exits), deposits of
// validators for FETH, and the human admin's settings.
import { expect } from 'chai';
import { type Hex } from 'viem';
import { ethBalance, expectRevert, mined } from '../lending/fixture';
import {
  ETH32,
  KYC,
  VS,
  addValidators,
  credit,
  depositValidators,
  deposits,
  loadLiquid,
  resetLiquid,
} from './fixture';
import { E, lower, eventsNamed, expectAccounting, stake } from './liquidTestKit';

describe('ValidatorPool deployment and reads', () => {
  after(resetLiquid);

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

describe('ValidatorPool validators (server admin): registration', () => {
  after(resetLiquid);

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
    await expectRevert(add([{ ...d0, withdrawal_credentials: bls }]), 'withdrawal credentials must be 0x01');
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
    await expectRevert(s.pool.write.removeValidator([1n], { account: s.users[0].account }), 'NotServerAdmin');
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
});

describe('ValidatorPool validators (server admin): exits', () => {
  after(resetLiquid);

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

describe('ValidatorPool depositMultipleValidators', () => {
  after(resetLiquid);

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

describe('ValidatorPool human admin', () => {
  after(resetLiquid);

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
