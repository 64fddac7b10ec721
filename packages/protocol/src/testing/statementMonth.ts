// Test support: one calendar month of a customer's protocol activity on a local chain 88, for the
// combined monthly statement (issue 29 item 4) and its reader. The chain's clock is moved to the
// month after the one it is in, then on fixed days: the ETH price set to 2,000 (day 2), the
// customer opens a cache of 10 ETH borrowing 6,000 PAYD and another person one of 100 ETH (day 2),
// the customer puts 500 PAYD in the rewards pool (day 5) and stakes 1,000 FTX (day 6), the other
// person redeems 1,000 PAYD against the customer's cache (day 10), the price drops to 600 and the
// customer's cache is liquidated, its debt partly offset by the pool (day 15), and the customer
// takes the pool's ETH gain (day 16).
import type { Address } from 'viem';
import { connectSigner, type SignerConnection } from '../connection/connection.ts';
import { openCache } from '../writes/cacheWrites.ts';
import { liquidate } from '../writes/liquidate.ts';
import { prepareRedemption } from '../writes/redeemPAYD.ts';
import { depositPAYDInRewardsPool, withdrawGainsFromRewardsPool } from '../writes/rewardsPoolWrites.ts';
import { setPrice } from '../writes/setPrice.ts';
import { approveFTXStaking, stakeFTX, transferFTX } from '../writes/tokenWrites.ts';
import type { LocalChain } from './localChain.ts';

export interface StatementMonth {
  /** First day of the month, 'YYYY-MM-01' (UTC). */
  month: string;
  /** The customer's wallet (the chain's account 2). */
  customer: Address;
  /** Unix seconds of the month's start and of the next month's. */
  from: number;
  to: number;
}

/** Runs the month described above on `chain` (a fresh one: the customer must have no cache yet). */
export async function playStatementMonth(chain: LocalChain): Promise<StatementMonth> {
  const connect = (i: number): Promise<SignerConnection> =>
    connectSigner({
      walletClient: chain.wallet(i),
      publicClient: chain.publicClient,
      deployment: chain.deployment,
    });
  const [owner, customer, other] = await Promise.all([connect(0), connect(2), connect(3)]);
  const head = await chain.publicClient.getBlock({ blockTag: 'latest' });
  const now = new Date(Number(head.timestamp) * 1000);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1) / 1000;
  const day = async (n: number) => {
    await chain.publicClient.request({
      method: 'evm_setNextBlockTimestamp',
      params: [`0x${(start + (n - 1) * 86_400 + 12 * 3600).toString(16)}`],
    } as never);
    await chain.publicClient.request({ method: 'evm_mine', params: [] } as never);
  };
  const done = async (tx: Promise<{ waitForSuccess(): Promise<unknown> }>) => (await tx).waitForSuccess();

  await day(2);
  await done(setPrice(owner, 2000));
  await done(openCache(customer, { depositCollateral: 10, borrowPAYD: 6000 }));
  await done(openCache(other, { depositCollateral: 100, borrowPAYD: 12_000 }));
  await day(5);
  await done(depositPAYDInRewardsPool(customer, 500));
  await day(6);
  await done(transferFTX(owner, customer.userAddress, 1000));
  await done(approveFTXStaking(customer, 1000));
  await done(stakeFTX(customer, 1000));
  await day(10);
  await done((await prepareRedemption(other, 1000)).send());
  await day(15);
  await done(setPrice(owner, 600));
  await done(liquidate(owner, customer.userAddress));
  await day(16);
  await done(withdrawGainsFromRewardsPool(customer));
  const month = new Date(start * 1000).toISOString().slice(0, 10);
  return { month, customer: customer.userAddress, from: start, to: end };
}
