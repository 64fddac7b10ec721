// Reads, writes and the store against a real chain 88 with the payd contracts deployed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import {
  connectReadOnly,
  connectSigner,
  requireFrontendAddress,
  requireSigner,
  requireUserAddress,
  type SignerConnection,
} from './connection/connection.ts';
import { createProtocolClient } from './connection/client.ts';
import { Decimal } from './decimal/Decimal.ts';
import { findHints } from './hints/chainHints.ts';
import { Cache } from './model/Cache.ts';
import { CacheWithPendingRedistribution } from './model/CacheWithPendingRedistribution.ts';
import { readMarket } from './reads/readMarket.ts';
import { getCacheBeforeRedistribution, getCaches } from './reads/readCaches.ts';
import { StateReader } from './reads/readState.ts';
import { getFrontendStatus } from './reads/readFrontend.ts';
import { createChainStore, withDerivedState } from './store/createChainStore.ts';
import type { StoreState } from './store/storeState.ts';
import type { StoreUpdate } from './store/ProtocolStore.ts';
import { startLocalChain, type LocalChain } from './testing/localChain.ts';
import {
  adjustCache,
  borrowPAYD,
  claimCollateralSurplus,
  closeCache,
  depositCollateral,
  openCache,
  repayPAYD,
  withdrawCollateral,
} from './writes/cacheWrites.ts';
import { liquidate, liquidateUpTo } from './writes/liquidate.ts';
import { prepareRedemption, redeemPAYD } from './writes/redeemPAYD.ts';
import {
  depositPAYDInRewardsPool,
  withdrawGainsFromRewardsPool,
  withdrawPAYDFromRewardsPool,
} from './writes/rewardsPoolWrites.ts';
import { setPrice } from './writes/setPrice.ts';
import { approveFTXStaking, sendPAYD, stakeFTX, transferFTX, unstakeFTX } from './writes/tokenWrites.ts';
import { followTransaction, sendContractWrite } from './writes/sendTransaction.ts';
import { depositValidatorBatch, toValidatorBatchDeposit } from './writes/validatorWrites.ts';
import { createDepositData, generateMnemonic } from '@payd/validator-keys';
import { multipleDepositAbi } from '@payd/contracts/abi';
import { parseEventLogs } from 'viem';
import { cacheManagerAbi } from '@payd/contracts/abi';
import { TransactionFailedError, TransactionReplacedError } from './errors/errors.ts';

const d = (v: string | number) => Decimal.from(v);

let chain: LocalChain;
let users: SignerConnection[];
const state = async (c: SignerConnection): Promise<StoreState> =>
  withDerivedState(await new StateReader(c).read());

beforeAll(async () => {
  chain = await startLocalChain();
  users = await Promise.all(
    [0, 2, 3, 4, 5, 6].map((i) =>
      connectSigner({
        walletClient: chain.wallet(i),
        publicClient: chain.publicClient,
        deployment: chain.deployment,
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await chain?.close();
});

describe('connections', () => {
  it("refuses a chain without a deployment: 'Unsupported network (chainId = 88)'", async () => {
    await expect(
      connectReadOnly({ publicClient: chain.publicClient, deployment: { ...chain.deployment, chainId: 5 } }),
    ).rejects.toThrow('Unsupported network (chainId = 88)');
    await expect(
      connectReadOnly({ publicClient: chain.publicClient, deployment: undefined }),
    ).rejects.toThrow('Unsupported network (chainId = 88)');
  });

  it('applies the user, signer and frontend address rules', async () => {
    const anonymous = await connectReadOnly({
      publicClient: chain.publicClient,
      deployment: chain.deployment,
    });
    expect(() => requireUserAddress(anonymous)).toThrow('A user address is required');
    expect(() => requireSigner(anonymous)).toThrow('Must be connected through a Signer');
    expect(() => requireFrontendAddress(anonymous)).toThrow('A frontend address is required');
    await expect(getFrontendStatus(anonymous)).rejects.toThrow('A frontend address is required');
    const tagged = await connectReadOnly({
      publicClient: chain.publicClient,
      deployment: chain.deployment,
      frontendTag: chain.accounts[9] as Address,
    });
    expect(await getFrontendStatus(tagged)).toEqual({ status: 'unregistered' });
    await expect(getCacheBeforeRedistribution(anonymous)).rejects.toThrow('A user address is required');
    await expect(
      connectSigner({
        walletClient: chain.wallet(2),
        publicClient: chain.publicClient,
        deployment: chain.deployment,
        userAddress: chain.accounts[3] as Address,
      }),
    ).rejects.toThrow("Can't override userAddress when connecting through Signer");
    await expect(
      connectSigner({ walletClient: chain.wallet(2), deployment: chain.deployment }),
    ).rejects.toThrow('Signer must have a Provider');
    expect(users[1]?.userAddress).toBe(getAddress(chain.accounts[2] as Address));
    await expect(openCache(anonymous, { depositCollateral: 10, borrowPAYD: 3000 })).rejects.toThrow(
      'Must be connected through a Signer',
    );
  });

  it('sets the price on the test price feed only', async () => {
    const [owner] = users as [SignerConnection];
    await (await setPrice(owner, 2000)).waitForSuccess();
    expect((await readMarket(owner)).price.toString()).toBe('2000');
    const production = { ...owner, deployment: { ...owner.deployment, _priceFeedIsTestnet: false } };
    expect(() => setPrice(production, 1)).toThrow('setPrice() unavailable on this deployment');
  });
});

describe('caches', () => {
  it('opens caches with hints and the borrowing fee, and reads them back', async () => {
    const [, alice, bob, carol] = users as [
      SignerConnection,
      SignerConnection,
      SignerConnection,
      SignerConnection,
    ];
    const before = await state(alice);
    const opened = await (
      await openCache(alice, { depositCollateral: 10, borrowPAYD: 5000, stakePAYD: 1000 })
    ).waitForSuccess();
    const rate = before.borrowingRate;
    expect(opened.newCache.equals(Cache.create({ depositCollateral: 10, borrowPAYD: 5000 }, rate))).toBe(
      true,
    );
    expect(opened.fee.eq(d(5000).mul(rate))).toBe(true);
    const bobs = await (await openCache(bob, { depositCollateral: 5, borrowPAYD: 6000 })).waitForSuccess();
    const carols = await (
      await openCache(carol, { depositCollateral: 4, borrowPAYD: 5000 })
    ).waitForSuccess();

    const s = await state(alice);
    expect(s.numberOfCaches).toBe(3);
    expect(s.cache.status).toBe('open');
    expect(s.cache.collateral.toString()).toBe('10');
    expect(s.cache.debt.eq(opened.newCache.debt)).toBe(true);
    expect(s.paydBalance.toString()).toBe('4000');
    expect(s.stabilityDeposit.currentPAYD.toString()).toBe('1000');
    expect(s.paydInRewardsPool.toString()).toBe('1000');
    // chain 88's fee wallets are distinct (issue 27): the opening fees and nothing else
    expect(s.openCacheFeeBalance.eq(opened.fee.add(bobs.fee).add(carols.fee))).toBe(true);
    expect(s.topupCacheFeeBalance.isZero).toBe(true);
    expect(s.charityWalletPAYD.isZero).toBe(true);
    expect(s.total.collateral.toString()).toBe('19');
    expect(s.fees.recoveryMode).toBe(false);
    expect(s.haveUndercollateralizedCaches).toBe(false);
    // the riskiest is carol's: 4 ETH for ~5225 PAYD
    expect(s.riskiestCacheBeforeRedistribution.ownerAddress).toBe(carol.userAddress);

    const written = await getCacheBeforeRedistribution(alice);
    expect(written.equals(s.cacheBeforeRedistribution)).toBe(true);
    expect(written.status).toBe('open');
    const ascending = await getCaches(alice, { first: 10, sortedBy: 'ascendingCollateralRatio' });
    expect(ascending.map((c) => c.ownerAddress)).toEqual([
      carol.userAddress,
      bob.userAddress,
      alice.userAddress,
    ]);
    const page = await getCaches(alice, { first: 1, startingAt: 1, sortedBy: 'descendingCollateralRatio' });
    expect(page.map((c) => c.ownerAddress)).toEqual([bob.userAddress]);
    await expect(getCaches(alice, { first: -1, sortedBy: 'ascendingCollateralRatio' })).rejects.toThrow(
      'first must be a non-negative integer',
    );
  }, 60_000);

  it("refuses an opening whose debt could fall below the minimum: 'Cache's debt might fall below 2700 within 10 minutes'", async () => {
    const dave = users[4] as SignerConnection;
    await expect(openCache(dave, { depositCollateral: 10, borrowPAYD: 2400 })).rejects.toThrow(
      "Cache's debt might fall below 2700 within 10 minutes",
    );
  });

  it('adjusts a cache in every direction, with rewards-pool moves in the same transaction', async () => {
    const alice = users[1] as SignerConnection;
    const start = (await state(alice)).cache;
    const more = await (await adjustCache(alice, { depositCollateral: 1, borrowPAYD: 500 })).waitForSuccess();
    expect(more.newCache.collateral.toString()).toBe('11');
    expect(more.newCache.debt.gt(start.debt.add(500))).toBe(true);
    expect((await state(alice)).topupCacheFeeBalance.eq(more.fee)).toBe(true);
    const less = await (
      await adjustCache(alice, { withdrawCollateral: 2, repayPAYD: 300, unstakePAYD: 200 })
    ).waitForSuccess();
    expect(less.newCache.collateral.toString()).toBe('9');
    expect(less.newCache.debt.eq(more.newCache.debt.sub(300))).toBe(true);
    await (await repayPAYD(alice, 100)).waitForSuccess();
    const s = await state(alice);
    expect(s.cache.debt.eq(less.newCache.debt.sub(100))).toBe(true);
    expect(s.stabilityDeposit.currentPAYD.toString()).toBe('800');
  }, 60_000);

  it('deposits, withdraws collateral and borrows through the single-purpose writes', async () => {
    const alice = users[1] as SignerConnection;
    const start = (await state(alice)).cache;
    await (await depositCollateral(alice, '0.5')).waitForSuccess();
    await (await withdrawCollateral(alice, '0.25')).waitForSuccess();
    const borrowed = await (await borrowPAYD(alice, 100)).waitForSuccess();
    expect(borrowed.newCache.collateral.eq(start.collateral.add('0.25'))).toBe(true);
    expect(borrowed.newCache.debt.eq(start.debt.add(100).add(borrowed.fee))).toBe(true);
    await (await repayPAYD(alice, 100)).waitForSuccess();
  }, 60_000);

  it('refuses hints for a cache whose redistribution is not applied', async () => {
    const alice = users[1] as SignerConnection;
    const pending = new CacheWithPendingRedistribution(alice.userAddress, 'open', d(1), d(3000));
    await expect(findHints(alice, pending)).rejects.toThrow('Rewards must be applied to this Cache');
  });
});

describe('rewards pool, tokens and FTX staking', () => {
  it('deposits, withdraws and pays gains', async () => {
    const bob = users[2] as SignerConnection;
    await (await depositPAYDInRewardsPool(bob, 2000)).waitForSuccess();
    expect((await state(bob)).stabilityDeposit.currentPAYD.toString()).toBe('2000');
    await (await withdrawPAYDFromRewardsPool(bob, 500)).waitForSuccess();
    await (await withdrawGainsFromRewardsPool(bob)).waitForSuccess();
    const s = await state(bob);
    expect(s.stabilityDeposit.currentPAYD.toString()).toBe('1500');
    expect(s.stabilityDeposit.initialPAYD.toString()).toBe('1500');
  }, 60_000);

  it('sends PAYD and FTX, and stakes FTX into a discount tier', async () => {
    const [owner, alice, bob] = users as [SignerConnection, SignerConnection, SignerConnection];
    const bobBefore = (await state(bob)).paydBalance;
    await (await sendPAYD(alice, bob.userAddress, 100)).waitForSuccess();
    expect((await state(bob)).paydBalance.eq(bobBefore.add(100))).toBe(true);

    await (await transferFTX(owner, alice.userAddress, 5000)).waitForSuccess();
    await (await approveFTXStaking(alice)).waitForSuccess();
    await (await stakeFTX(alice, 2000)).waitForSuccess();
    const s = await state(alice);
    expect(s.ftxBalance.toString()).toBe('3000');
    expect(s.ftxStake.stakedFTX.toString()).toBe('2000');
    expect(s.ftxStake.tier).toBe(1);
    expect(s.ftxStake.percentage).toBe(10);
    expect(s.ftxStake.endDate?.getTime()).toBe((s.ftxStake.stakedSince?.getTime() ?? 0) + 30 * 86_400_000);
    expect(s.ftxInventoryBalance.toString()).toBe('2000');
    expect(s.ftxAllowance.gt(d('1e50'))).toBe(true);
    // still locked
    await expect(unstakeFTX(alice, 1000).then((tx) => tx.waitForSuccess())).rejects.toThrow();
  }, 60_000);
});

describe('the store', () => {
  it("sees another account's transaction and reports exactly the changed fields", async () => {
    const alice = users[1] as SignerConnection;
    const bob = users[2] as SignerConnection;
    const store = createChainStore(alice);
    await store.start();
    const seen = new Promise<StoreUpdate<StoreState>>((resolve) => {
      const unsubscribe = store.subscribe((update) => {
        if (update.changedFields.includes('paydInRewardsPool')) {
          unsubscribe();
          resolve(update);
        }
      });
    });
    await (await depositPAYDInRewardsPool(bob, 50)).waitForSuccess();
    const update = await seen;
    store.stop();
    expect(update.newState.paydInRewardsPool.eq(update.oldState.paydInRewardsPool.add(50))).toBe(true);
    expect(new Set(update.changedFields)).toEqual(
      new Set(['blockNumber', 'blockTimestamp', 'paydInRewardsPool', 'feesInNormalMode', 'fees']),
    );
    // every field is served (the validator pool's too)
    for (const [field, value] of Object.entries(update.newState)) {
      if (field !== 'userAddress') expect(value, field).toBeDefined();
    }
    expect(update.newState.validatorAmt.toString()).toBe('32');
  }, 60_000);
});

describe('websocket', () => {
  it('reads and follows new blocks over the optional websocket', async () => {
    const [alice, bob] = [users[1], users[2]] as [SignerConnection, SignerConnection];
    const wsClient = createProtocolClient({
      deployment: chain.deployment,
      rpcUrl: chain.devnet.url,
      wsUrl: chain.devnet.url.replace(/^http/, 'ws'),
    });
    const viaWs = await connectReadOnly({
      publicClient: wsClient,
      deployment: chain.deployment,
      userAddress: alice.userAddress,
    });
    const store = createChainStore(viaWs);
    const first = await store.start();
    expect(first.userAddress).toBe(alice.userAddress);
    const next = new Promise<StoreUpdate<StoreState>>((resolve) => {
      const unsubscribe = store.subscribe((update) => {
        unsubscribe();
        resolve(update);
      });
    });
    await (await sendPAYD(bob, alice.userAddress, 1)).waitForSuccess();
    const update = await next;
    store.stop();
    expect(update.changedFields).toContain('paydBalance');
    expect(update.newState.paydBalance.eq(first.paydBalance.add(1))).toBe(true);
  }, 60_000);
});

describe('redemption', () => {
  it("refuses an amount that redeems nothing: 'redeemPAYD: amount too low to redeem (try at least 2500)'", async () => {
    const [owner, eve] = [users[0], users[5]] as [SignerConnection, SignerConnection];
    await (await openCache(owner, { depositCollateral: 100, borrowPAYD: 12_000 })).waitForSuccess();
    // eve's cache has the minimum debt and the lowest ratio: any partial redemption would leave it
    // under the minimum net debt
    const { fees } = await readMarket(eve);
    const params = Cache.recreate(new Cache(d(2), d(2700)), fees.borrowingRate());
    await (await openCache(eve, params, { borrowingFeeDecayToleranceMinutes: 0 })).waitForSuccess();
    await expect(redeemPAYD(owner, 100)).rejects.toThrow(
      'redeemPAYD: amount too low to redeem (try at least 2500)',
    );
  }, 60_000);

  it('truncates to what can be redeemed, offers the amount plus the minimum net debt, and redeems', async () => {
    const [owner, eve] = [users[0], users[5]] as [SignerConnection, SignerConnection];
    const eveNetDebt = (await state(eve)).cache.netDebt;
    // eve's whole net debt, then 3000 of carol's ~5025 would leave carol under 2500: stop after eve
    const prepared = await prepareRedemption(owner, eveNetDebt.add(3000));
    expect(prepared.amount.eq(eveNetDebt)).toBe(true);
    expect(prepared.increasedAmount?.eq(eveNetDebt.add(2500))).toBe(true);
    const redeemed = await (await prepared.send()).waitForSuccess();
    expect(redeemed.attemptedPAYDAmount.eq(eveNetDebt)).toBe(true);
    expect(redeemed.actualPAYDAmount.eq(eveNetDebt)).toBe(true);
    expect(redeemed.collateralTaken.eq(eveNetDebt.div(2000))).toBe(true);
    expect(redeemed.fee.isZero).toBe(false);

    const after = await state(eve);
    expect(after.cache.status).toBe('closedByRedemption');
    expect(after.collateralSurplusBalance.isZero).toBe(false);
    const ethBefore = after.accountBalance;
    await (await claimCollateralSurplus(eve)).waitForSuccess();
    const claimed = await state(eve);
    expect(claimed.collateralSurplusBalance.isZero).toBe(true);
    expect(claimed.accountBalance.gt(ethBefore)).toBe(true);
  }, 60_000);
});

describe('liquidation', () => {
  it('liquidates several caches after a price drop, and the store stops flagging them', async () => {
    const owner = users[0] as SignerConnection;
    const dave = users[4] as SignerConnection;
    // dave is healthy at any price used here and keeps the system going
    await (await openCache(dave, { depositCollateral: 100, borrowPAYD: 3000 })).waitForSuccess();
    await (await setPrice(owner, 1300)).waitForSuccess();
    const before = await state(dave);
    expect(before.haveUndercollateralizedCaches).toBe(true);
    const result = await (await liquidateUpTo(owner, 10)).waitForSuccess();
    expect(result.liquidatedAddresses.length).toBeGreaterThanOrEqual(2);
    expect(result.paydGasCompensation.eq(d(200).mul(result.liquidatedAddresses.length))).toBe(true);
    expect(result.totalLiquidated.collateral.isZero).toBe(false);
    const after = await state(dave);
    expect(after.haveUndercollateralizedCaches).toBe(false);
    expect(after.numberOfCaches).toBe(before.numberOfCaches - result.liquidatedAddresses.length);
    expect(after.totalLifetimeLiquidations.gt(before.totalLifetimeLiquidations)).toBe(true);
    await expect(liquidate(owner, dave.userAddress)).rejects.toThrow();
  }, 60_000);

  it('closes a cache, repaying its net debt', async () => {
    const [owner, dave] = [users[0], users[4]] as [SignerConnection, SignerConnection];
    const netDebt = (await state(dave)).cache.netDebt;
    await (
      await sendPAYD(owner, dave.userAddress, netDebt.sub((await state(dave)).paydBalance))
    ).waitForSuccess();
    await (await closeCache(dave)).waitForSuccess();
    const s = await state(dave);
    expect(s.cache.status).toBe('closedByOwner');
    expect(s.cache.isEmpty).toBe(true);
  }, 60_000);
});

describe('transactions', () => {
  it("reports a mined failure as 'Transaction failed' carrying the receipt", async () => {
    const owner = users[0] as SignerConnection;
    // liquidating a healthy cache reverts; the gas is given so no estimate refuses it first. The
    // node mines it and answers the send with the revert, so the hash is taken from the block.
    const sending = sendContractWrite(
      owner,
      {
        address: owner.deployment.addresses.cacheManager,
        abi: cacheManagerAbi,
        functionName: 'liquidate',
        args: [owner.userAddress],
        gas: 600_000n,
      },
      () => 'unused',
    );
    await expect(sending).rejects.toThrow('NothingToLiquidate');
    const block = await chain.publicClient.getBlock({ blockTag: 'latest', includeTransactions: true });
    const reverted = block.transactions.find(
      (tx) => tx.from.toLowerCase() === owner.userAddress.toLowerCase(),
    );
    if (!reverted) throw new Error('the reverted transaction was not mined');
    const sent = followTransaction(owner, reverted.hash, () => 'unused');
    const receipt = await sent.waitForReceipt();
    expect(receipt.status).toBe('failed');
    expect((await sent.getReceipt()).status).toBe('failed');
    const error = await sent.waitForSuccess().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionFailedError);
    expect((error as TransactionFailedError).message).toBe('Transaction failed');
    expect((error as TransactionFailedError).failedReceipt).toBe(receipt);
  }, 60_000);

  it("raises 'Transaction cancelled / replaced' when another transaction took the nonce, and follows a re-priced one", async () => {
    const [owner, alice] = [users[0], users[1]] as [SignerConnection, SignerConnection];
    const mined = await sendPAYD(owner, alice.userAddress, 1);
    const tx = await chain.publicClient.getTransaction({ hash: mined.hash });
    const fromBlock = (tx.blockNumber ?? 1n) - 1n;
    // a hash that never made it on chain, sent with the nonce the mined transaction used
    const lost = `0x${'ab'.repeat(32)}` as const;
    const sent = { from: tx.from, nonce: tx.nonce, to: tx.to, value: tx.value, input: tx.input };
    const cancelled = followTransaction(owner, lost, () => 1, {
      sent: { ...sent, input: '0x' as const, to: tx.from },
      fromBlock,
    });
    await expect(cancelled.waitForReceipt()).rejects.toThrow(TransactionReplacedError);
    await expect(cancelled.waitForSuccess()).rejects.toThrow('Transaction cancelled / replaced');
    // the same call at another fee (a wallet's speed-up) is the same transaction
    const repriced = followTransaction(owner, lost, () => 'transferred', { sent, fromBlock });
    const receipt = await repriced.waitForReceipt();
    expect(receipt.status).toBe('succeeded');
    expect(receipt.rawReceipt.transactionHash).toBe(mined.hash);
    expect(await repriced.waitForSuccess()).toBe('transferred');
  }, 60_000);
});

describe('validators and stake lock', () => {
  it('deposits a batch of validators with mixed kinds and amounts in one transaction', async () => {
    const owner = users[0] as SignerConnection;
    const mnemonic = generateMnemonic();
    const made = (startIndex: number, kind: '0x01' | '0x02', eth: bigint) =>
      createDepositData({
        mnemonic,
        startIndex,
        count: 1,
        withdrawalAddress: owner.userAddress,
        kind,
        network: 'payd-devnet',
        amountGwei: eth * 10n ** 9n,
      });
    const entries = [...made(0, '0x01', 32n), ...made(1, '0x02', 64n), ...made(2, '0x02', 2048n)];
    const sent = await depositValidatorBatch(owner, entries.map(toValidatorBatchDeposit));
    const receipt = await sent.waitForReceipt();
    expect(receipt.status).toBe('succeeded');
    const [event] = parseEventLogs({
      abi: multipleDepositAbi,
      logs: receipt.rawReceipt.logs,
      eventName: 'MultipleDeposited',
    });
    expect(event?.args.count).toBe(3n);
    expect(event?.args.amount).toBe(2144n * 10n ** 18n);
  }, 120_000);

  it('unstakes FTX once the 30-day lock has passed', async () => {
    const alice = users[1] as SignerConnection;
    await chain.devnet.chain.advanceTime(30 * 86_400 + 1);
    await (await unstakeFTX(alice, 1500)).waitForSuccess();
    const s = await state(alice);
    expect(s.ftxStake.stakedFTX.toString()).toBe('500');
    expect(s.ftxStake.tier).toBe(0);
    expect(s.ftxBalance.toString()).toBe('4500');
  }, 60_000);
});
