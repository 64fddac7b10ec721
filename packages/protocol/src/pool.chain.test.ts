// Liquid staking (issue 13) against a real chain 88 with the payd contracts deployed: the server
// admin registers validators, people deposit them for FETH, queue FETH, a validator exits and its
// balance arrives (credited to the pool the way EIP-4895 withdrawals are: added to its balance
// without running code), the queue fills in order, claims and cancels, and a reward report reaches
// the rewards pool's depositors. The store serves every field along the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositData, generateMnemonic } from '@payd/validator-keys';
import { iValidatorPoolAbi, multiSigWalletAbi } from '@payd/contracts/abi';
import { encodeFunctionData, parseEventLogs, type Address } from 'viem';
import { connectSigner, type SignerConnection } from './connection/connection.ts';
import { Decimal } from './decimal/Decimal.ts';
import { poolRefusalText } from './errors/poolErrors.ts';
import { readPoolState, readPoolValidatorId, readPoolValidators } from './reads/readPool.ts';
import { StateReader } from './reads/readState.ts';
import { createChainStore, withDerivedState } from './store/createChainStore.ts';
import type { StoreUpdate } from './store/ProtocolStore.ts';
import type { StoreState } from './store/storeState.ts';
import { startLocalChain, type LocalChain } from './testing/localChain.ts';
import { openCache } from './writes/cacheWrites.ts';
import {
  addPoolValidators,
  cancelFETHDeposit,
  claimETH,
  depositFETH,
  depositMultipleValidators,
  markValidatorsExiting,
  poolWithdrawalCredentials,
  removePoolValidator,
  reportPoolRewards,
  settleValidatorExits,
  toValidatorDepositData,
} from './writes/poolWrites.ts';
import { getRewardsPoolHistory } from './reads/readRewardsPoolHistory.ts';
import { rewardsApr } from './model/rewardsPoolHistory.ts';
import { depositPAYDInRewardsPool } from './writes/rewardsPoolWrites.ts';
import { sendContractWrite } from './writes/sendTransaction.ts';

const ETH = 10n ** 18n;
const d = (v: string | number) => Decimal.from(v);

let chain: LocalChain;
let owner: SignerConnection;
let admin: SignerConnection;
let alice: SignerConnection;
let bob: SignerConnection;
let pool: Address;

const state = async (c: SignerConnection): Promise<StoreState> =>
  withDerivedState(await new StateReader(c).read());
/** The text a person would read for a refused write. */
const refusal = (sending: Promise<unknown>) =>
  sending.then(
    () => 'sent',
    (error: unknown) => poolRefusalText(error) ?? String(error),
  );

beforeAll(async () => {
  chain = await startLocalChain();
  [owner, admin, alice, bob] = (await Promise.all(
    [0, 1, 2, 3].map((i) =>
      connectSigner({
        walletClient: chain.wallet(i),
        publicClient: chain.publicClient,
        deployment: chain.deployment,
      }),
    ),
  )) as [SignerConnection, SignerConnection, SignerConnection, SignerConnection];
  pool = chain.deployment.addresses.validatorPool;
}, 120_000);

afterAll(async () => {
  await chain?.close();
});

// The tests run in this order on one chain, each group a function so the describe stays short.
/** The store before anything happened, registration, and deposits of validators for FETH. */
function registrationAndDeposits() {
  it('serves every field of the store before anything happened', async () => {
    const s = await state(owner);
    for (const [field, value] of Object.entries(s)) expect(value, field).toBeDefined();
    expect(s.availableValidators).toBe(0);
    expect(s.validatorAmt.toString()).toBe('32');
    expect(s.fethBalance.isZero).toBe(true);
    expect(s.totalStakedETH.isZero).toBe(true);
    expect(s.fethQueuePosition).toEqual({ position: 0, fethAhead: Decimal.ZERO });
    // the FTX test feed of chain 88 starts at 0.5 USD
    expect(s.ftxPrice.toString()).toBe('0.5');
    // chain 88's fee wallets are their own addresses (issue 27): nothing received yet
    expect(s.fethSwapFeeBalance.isZero).toBe(true);
    expect(s.charityWalletFETH.isZero).toBe(true);
  }, 60_000);

  it("refuses a deposit when no validator is available: 'Only 0 validators are available'", async () => {
    expect(await refusal(depositMultipleValidators(alice, 1))).toBe('Only 0 validators are available');
  }, 60_000);

  it('lets the server admin register deposit data with the pool as withdrawal address', async () => {
    const entries = createDepositData({
      mnemonic: generateMnemonic(),
      startIndex: 0,
      count: 3,
      withdrawalAddress: pool,
      network: 'payd-devnet',
    }).map(toValidatorDepositData);
    expect(entries[0]?.withdrawal_credentials).toBe(poolWithdrawalCredentials(pool));

    expect(await refusal(addPoolValidators(alice, entries))).toBe("Only payd's server admin may do this");
    const added = await (await addPoolValidators(admin, entries)).waitForSuccess();
    expect(added.map((v) => v.id)).toEqual([1n, 2n, 3n]);
    expect(await refusal(addPoolValidators(admin, entries.slice(0, 1)))).toBe(
      `Validator ${entries[0]?.pubkey} is already registered`,
    );

    const listed = await readPoolValidators(admin, 'Added');
    expect(listed).toEqual(entries.map((e, i) => ({ id: BigInt(i + 1), pubkey: e.pubkey })));
    expect(await readPoolValidators(admin, 'Added', 2n, 1n)).toEqual([listed[1]]);
    expect(await readPoolValidatorId(admin, entries[1]!.pubkey)).toBe(2n);
    expect(await readPoolValidatorId(admin, `0x${'11'.repeat(48)}`)).toBeUndefined();

    await (await removePoolValidator(admin, 3n)).waitForSuccess();
    expect((await readPoolValidators(admin, 'Removed')).map((v) => v.id)).toEqual([3n]);
    expect((await state(alice)).availableValidators).toBe(2);
  }, 120_000);

  it('deposits 1 validator for 32 FETH, and refuses more than are available', async () => {
    const before = await state(alice);
    const deposited = await (await depositMultipleValidators(alice, 1)).waitForSuccess();
    expect(deposited).toEqual({ count: 1, firstId: 1n, fethMinted: d(32) });
    const after = await state(alice);
    expect(after.availableValidators).toBe(1);
    expect(after.fethBalance.toString()).toBe('32');
    expect(after.totalStakedETH.toString()).toBe('32');
    expect(before.accountBalance.sub(after.accountBalance).gte(32)).toBe(true);
    expect((await readPoolValidators(admin, 'Staked')).map((v) => v.id)).toEqual([1n]);

    expect(await refusal(depositMultipleValidators(bob, 2))).toBe('Only 1 validator is available');
    expect((await (await depositMultipleValidators(bob, 1)).waitForSuccess()).firstId).toBe(2n);
    const s = await state(bob);
    expect(s.availableValidators).toBe(0);
    expect(s.totalStakedETH.toString()).toBe('64');
  }, 120_000);
}

/** Queueing FETH, an exit settled into the queue, claims and cancels. */
function queueExitsAndClaims() {
  it('queues FETH first in, first out, and shows each place in the queue', async () => {
    const queued = await (await depositFETH(alice, 20)).waitForSuccess();
    expect(queued.queued.toString()).toBe('20');
    expect(queued.filled.isZero).toBe(true);
    await (await depositFETH(bob, 20)).waitForSuccess();

    const a = await state(alice);
    expect(a.fethBalance.toString()).toBe('12');
    expect(a.fethSwapDeposit.toString()).toBe('20');
    expect(a.fethQueuePosition).toEqual({ position: 1, fethAhead: Decimal.ZERO });
    expect(a.unfilledFETHInQueue.toString()).toBe('40');
    const b = await state(bob);
    expect(b.fethQueuePosition.position).toBe(2);
    expect(b.fethQueuePosition.fethAhead.toString()).toBe('20');

    expect(await refusal(depositFETH(alice, 1))).toBe(
      'You already have FETH in the swap queue; cancel it first',
    );
    expect(await refusal(claimETH(alice))).toBe('You have no swapped ETH to claim yet');
  }, 120_000);

  it('exits a validator and, once its balance arrives, settles it and fills the queue in order', async () => {
    expect(await (await markValidatorsExiting(admin, [1n])).waitForSuccess()).toEqual([1n]);
    let s = await state(alice);
    expect(s.deactivatedETHInProgress.toString()).toBe('32');
    expect(s.totalStakedETH.toString()).toBe('32');
    expect(await refusal(settleValidatorExits(admin, [1n]))).toBe(
      "The exited validators' ETH has not reached the pool yet (0 of 32 ETH)",
    );

    // the withdrawal: 32 ETH added to the pool's balance, no code run
    await chain.devnet.chain.fund(pool, 32n * ETH);
    expect((await state(alice)).rewardEthAmt.toString()).toBe('32');
    expect(await (await settleValidatorExits(admin, [1n])).waitForSuccess()).toEqual([1n]);

    s = await state(alice);
    expect(s.deactivatedETHInProgress.isZero).toBe(true);
    expect(s.rewardEthAmt.isZero).toBe(true);
    expect(s.claimableETH.toString()).toBe('32');
    expect(s.freeETH.isZero).toBe(true);
    expect(s.ethSwapClaim.toString()).toBe('20');
    expect(s.fethSwapDeposit.isZero).toBe(true);
    expect(s.fethQueuePosition.position).toBe(0);
    const b = await state(bob);
    expect(b.ethSwapClaim.toString()).toBe('12');
    expect(b.fethSwapDeposit.toString()).toBe('8');
    expect(b.fethQueuePosition).toEqual({ position: 1, fethAhead: Decimal.ZERO });
    expect(b.unfilledFETHInQueue.toString()).toBe('8');

    const p = await readPoolState(admin);
    expect(p.claimableETH).toBe(32n * ETH);
    expect(p.unfilledFETHInQueue).toBe(8n * ETH);
    expect(p.totalStakedETH).toBe(32n * ETH);
    expect(p.validatorCount).toBe(3n);
    expect(p.availableValidators).toBe(0n);
    expect(p.queueLength).toBe(1n);
    expect((await readPoolValidators(admin, 'Exited')).map((v) => v.id)).toEqual([1n]);
  }, 120_000);

  it('pays the filled ETH to its claimer, and gives back the unfilled FETH on cancel', async () => {
    const before = await state(alice);
    const claimed = await (await claimETH(alice)).waitForSuccess();
    expect(claimed.amount.add(claimed.fee).toString()).toBe('20');
    const after = await state(alice);
    expect(after.ethSwapClaim.isZero).toBe(true);
    expect(after.claimableETH.toString()).toBe('12');
    // the claim's gas is paid from the same balance
    expect(after.accountBalance.gt(before.accountBalance.add(claimed.amount).sub('0.01'))).toBe(true);

    const cancelled = await (await cancelFETHDeposit(bob)).waitForSuccess();
    expect(cancelled.fethReturned.toString()).toBe('8');
    const b = await state(bob);
    expect(b.fethBalance.toString()).toBe('20');
    expect(b.fethSwapDeposit.isZero).toBe(true);
    expect(b.unfilledFETHInQueue.isZero).toBe(true);
    expect(b.fethQueuePosition.position).toBe(0);
    expect(b.ethSwapClaim.toString()).toBe('12');
    expect(await refusal(cancelFETHDeposit(bob))).toBe('You have no FETH in the swap queue');
    await (await claimETH(bob)).waitForSuccess();
    expect((await state(bob)).claimableETH.isZero).toBe(true);
  }, 120_000);
}

/** Reward reports, and the store following the queue block by block. */
function rewardsAndStore() {
  it("reports rewards once per period, raising the rewards pool's totalRewardsDistributed", async () => {
    await (await openCache(alice, { depositCollateral: 10, borrowPAYD: 5000 })).waitForSuccess();
    await (await depositPAYDInRewardsPool(alice, 2000)).waitForSuccess();
    await chain.devnet.chain.fund(pool, ETH);
    expect((await readPoolState(admin)).rewardsAvailable).toBe(ETH);
    expect(await refusal(reportPoolRewards(admin, { stakingRewards: ETH, miningRewards: 1n }))).toMatch(
      /^Only 1 ETH of rewards has reached the pool/,
    );

    const before = await state(alice);
    const report = await (
      await reportPoolRewards(admin, { stakingRewards: (6n * ETH) / 10n, miningRewards: (4n * ETH) / 10n })
    ).waitForSuccess();
    expect(report.stakingRewards + report.miningRewards).toBe(ETH);
    expect(report.distributed > 0n).toBe(true);
    expect(report.stakingFeeCut + report.miningFeeCut + report.charityShare + report.distributed).toBe(ETH);
    const after = await state(alice);
    expect(
      after.totalRewardsDistributed.eq(
        before.totalRewardsDistributed.add(Decimal.fromRaw(report.distributed)),
      ),
    ).toBe(true);
    expect(after.currentRewards.toString()).toBe('1');
    expect(after.totalLifetimeStakingRewards.toString()).toBe('0.6');
    expect(after.totalLifetimeMiningRewards.toString()).toBe('0.4');
    expect(after.rewardEthAmt.isZero).toBe(true);
    // the depositors' share reaches alice's deposit as an ETH gain
    expect(after.stabilityDeposit.collateralGain.gt(before.stabilityDeposit.collateralGain)).toBe(true);
    // alice is the only depositor: the history names the whole gain as rewards, all of the report
    const history = await getRewardsPoolHistory(alice, alice.userAddress);
    expect(
      history.rewardsEarned.eq(
        after.stabilityDeposit.collateralGain.sub(before.stabilityDeposit.collateralGain),
      ),
    ).toBe(true);
    expect(Decimal.fromRaw(report.distributed).sub(history.rewardsEarned).lt('0.000000001')).toBe(true);
    expect(history.pastLiquidationLoss.isZero).toBe(true);
    expect(rewardsApr(history.rewards, after.price, Date.now() + 3_600_000).gt(0)).toBe(true);

    await chain.devnet.chain.fund(pool, ETH);
    expect(await refusal(reportPoolRewards(admin, { stakingRewards: ETH, miningRewards: 0n }))).toBe(
      `Rewards were already reported for period ${report.period}`,
    );
  }, 120_000);

  it('the store follows the queue as blocks arrive', async () => {
    const store = createChainStore(bob);
    const first = await store.start();
    const seen = new Promise<StoreUpdate<StoreState>>((resolve) => {
      const unsubscribe = store.subscribe((update) => {
        if (update.changedFields.includes('fethSwapDeposit')) {
          unsubscribe();
          resolve(update);
        }
      });
    });
    await (await depositFETH(bob, 5)).waitForSuccess();
    const update = await seen;
    store.stop();
    expect(update.newState.fethSwapDeposit.toString()).toBe('5');
    expect(update.newState.fethBalance.eq(first.fethBalance.sub(5))).toBe(true);
    expect(update.changedFields).toEqual(
      expect.arrayContaining(['fethBalance', 'fethSwapDeposit', 'unfilledFETHInQueue', 'fethQueuePosition']),
    );
  }, 60_000);
}

/** An entry filled at once from free ETH, and the FETH swap fee. */
function freeEthAndFees() {
  it('fills a new entry at once from free ETH', async () => {
    // bob's validator exits too: its 32 ETH fill bob's 5 FETH entry and leave 27 free
    await (await markValidatorsExiting(admin, [2n])).waitForSuccess();
    await chain.devnet.chain.fund(pool, 32n * ETH);
    await (await settleValidatorExits(admin, [2n])).waitForSuccess();
    const b = await state(bob);
    expect(b.ethSwapClaim.toString()).toBe('5');
    expect(b.freeETH.toString()).toBe('27');
    expect(b.totalStakedETH.isZero).toBe(true);

    const queued = await (await depositFETH(alice, 12)).waitForSuccess();
    expect(queued.queued.toString()).toBe('12');
    expect(queued.filled.toString()).toBe('12');
    const a = await state(alice);
    expect(a.ethSwapClaim.toString()).toBe('12');
    expect(a.fethSwapDeposit.isZero).toBe(true);
    expect(a.freeETH.toString()).toBe('15');
    expect(a.fethQueuePosition.position).toBe(0);
    const p = await readPoolState(admin);
    expect(p.freeETH).toBe(15n * ETH);
    expect(p.claimableETH).toBe(17n * ETH);
    expect(p.queueLength).toBe(0n);
  }, 120_000);

  it('sends the FETH swap fee of a claim to the fethSwapFee wallet, whose balance the store serves', async () => {
    // the human admin (the multi-signature wallet: owners 0, 1 and 2, two confirmations) sets a 1% fee
    const wallet = chain.deployment.addresses.multiSigWallet as Address;
    const data = encodeFunctionData({
      abi: iValidatorPoolAbi,
      functionName: 'setFeeRates',
      args: [10n ** 17n, 10n ** 17n, 10n ** 16n],
    });
    const submitted = await (
      await sendContractWrite(
        owner,
        {
          address: wallet,
          abi: multiSigWalletAbi,
          functionName: 'submitTransaction',
          args: [pool, 0n, data],
        },
        (receipt) => parseEventLogs({ abi: multiSigWalletAbi, logs: receipt.logs, eventName: 'Submission' }),
      )
    ).waitForSuccess();
    const id = submitted[0]!.args.transactionId;
    await (
      await sendContractWrite(
        admin,
        { address: wallet, abi: multiSigWalletAbi, functionName: 'confirmTransaction', args: [id] },
        () => undefined,
      )
    ).waitForSuccess();
    expect((await readPoolState(admin)).fethSwapFeeRate).toBe(10n ** 16n);

    // the fethSwapFee wallet (its own address on chain 88) receives exactly the fee
    const before = await state(owner);
    const claimed = await (await claimETH(alice)).waitForSuccess();
    expect(claimed.fee.toString()).toBe('0.12');
    expect(claimed.amount.toString()).toBe('11.88');
    const after = await state(owner);
    expect(after.fethSwapFeeBalance.eq(before.fethSwapFeeBalance.add(claimed.fee))).toBe(true);
    expect(after.claimableETH.toString()).toBe('5');
  }, 120_000);
}

describe('liquid staking', () => {
  registrationAndDeposits();
  queueExitsAndClaims();
  rewardsAndStore();
  freeEthAndFees();
});
