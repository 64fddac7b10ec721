// The liquid staking journey of issue 13 (spec 000 section 1: 'Swap FETH for ETH through a queue,
// and claim ETH'; 'Batch-deposit validators of 32 ETH each'), on /liquidStaking: a person deposits
// 2 validators of the pool for 64 FETH (refused counts get their message by the field before the
// wallet is asked); a second person deposits 1; the dev clock moves past activation and the exit
// delay; the first person queues 40 FETH (more than the balance, zero and a second entry refused by
// the field) and the server's pool job exits 2 validators for it; the second queues 30 FETH behind
// (2nd in line, 40 FETH ahead) and a third validator exits. The dev clock moves a day, the balances
// reach the pool, the queue fills strictly in order (the pool's SwapFilled events), the first
// person claims 40 ETH and cancels nothing; the second is filled in full once the third balance is
// in. The reward report then raises the pool's total rewards distributed and the rewards-pool
// depositor's gain on /guarantor. axe on the page, and screenshots at 1280x800 and 390x844 into
// PAYD_E2E_SHOTS.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatViolations, runAxe, seriousViolations } from './harness/axe.ts';
import { launchBrowser } from './harness/browser.ts';
import { advanceChain, chainBalance } from './harness/dashboard.ts';
import {
  amountIn,
  DAY_S,
  depositValidators,
  EPOCH_S,
  figure,
  figureShows,
  four,
  HOUR_S,
  openLiquidStaking,
  queueFeth,
  swapFills,
  txConfirmed,
} from './harness/liquid.ts';
import { shoot } from './harness/shots.ts';
import { approvedCustomer, connectDevWallet, registerWallet } from './harness/staking.ts';
import {
  createChainStore,
  depositPAYDInRewardsPool,
  openCache,
  type Decimal,
  type SignerConnection,
} from '../../packages/protocol/src/index.ts';
import { devWalletKey, protocolSigner, stackDeployment } from './harness/lending.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function noSeriousA11y(page: Page, where: string): Promise<void> {
  // The tx status bar hides 5 s after a confirmation; the page is checked without it (as borrow does).
  await page.getByTestId('tx-status').waitFor({ state: 'detached', timeout: 30_000 });
  const serious = seriousViolations(await runAxe(page));
  expect(serious, formatViolations(where, serious)).toEqual([]);
}

/** The collateral gain of the rewards-pool deposit of `signer`'s wallet, as the chain holds it. */
async function rewardsPoolGain(signer: SignerConnection): Promise<Decimal> {
  const store = createChainStore(signer);
  try {
    return (await store.start()).stabilityDeposit.collateralGain;
  } finally {
    store.stop();
  }
}

/** An approved customer with the dev wallet connected and registered, on /liquidStaking. */
async function liquidStaker(label: string): Promise<{ page: Page; address: `0x${string}` }> {
  const person = await approvedCustomer(browser, baseURL, staff, label);
  const address = await connectDevWallet(person.page);
  await registerWallet(person.page);
  await openLiquidStaking(person.page);
  return { page: person.page, address };
}

/** The pool keeps validators ready; returns how many, and the pool's figures before the journey. */
async function seesThePoolReady(
  a: Page,
): Promise<{ available: number; stakedBefore: Decimal; distributedBefore: Decimal }> {
  await expect
    .poll(async () => Number(await figure(a, 'liquid-available')), { timeout: 180_000 })
    .toBeGreaterThanOrEqual(3);
  const available = Number(await figure(a, 'liquid-available'));
  const stakedBefore = amountIn(await figure(a, 'liquid-pool-staked'));
  const distributedBefore = amountIn(await figure(a, 'liquid-pool-distributed'));
  expect(await figure(a, 'liquid-feth-balance')).toBe('0.0000 FETH');
  expect(await figure(a, 'liquid-position')).toBe('Not in the queue');
  await noSeriousA11y(a, '/liquidStaking (empty)');
  await shoot(a, 'liquid-empty');
  return { available, stakedBefore, distributedBefore };
}

async function depositRefusedByTheField(a: Page, available: number): Promise<void> {
  const deposit = a.getByTestId('liquid-deposit');
  const count = deposit.getByLabel('Number of validators');
  const depositButton = deposit.getByRole('button', { name: 'Deposit validators' });
  await count.fill('1.5');
  await deposit.getByText('Enter a whole number of validators').waitFor();
  await count.fill('51');
  await deposit
    .getByText('At most 50 validators can be deposited in one transaction (you chose 51)')
    .waitFor();
  if (available < 50) {
    await count.fill(String(available + 1));
    await deposit.getByText(`Only ${available} validators are available`).waitFor();
  }
  await count.fill('3');
  await deposit.getByText(/^You need 96 ETH plus gas; your wallet holds 89\.9\d{3} ETH$/).waitFor();
  await figureShows(a, 'liquid-eth-needed', '96 ETH');
  expect(await depositButton.isDisabled()).toBe(true);
  expect(await a.getByTestId('tx-status').count()).toBe(0);
}

async function depositsTwoValidators(a: Page, stakedBefore: Decimal): Promise<void> {
  const deposit = a.getByTestId('liquid-deposit');
  const count = deposit.getByLabel('Number of validators');
  await count.fill('2');
  await deposit
    .getByTestId('liquid-deposit-preview')
    .getByText(/^You send 64 ETH and receive 64 FETH\./)
    .waitFor();
  // Where FETH is minted the page says it earns nothing (issue 27 item 9).
  await deposit
    .getByTestId('liquid-deposit-preview')
    .getByText(/Your FETH earns no rewards\.$/)
    .waitFor();
  expect(await deposit.getByTestId('feth-earns-nothing').textContent()).toMatch(
    /^FETH earns nothing: 1 FETH stays a claim on 1 ETH\. .* go to the rewards pool's depositors/,
  );
  await depositValidators(a, 2);
  await figureShows(a, 'liquid-feth-balance', `${four(64)} FETH`);
  await expect
    .poll(async () =>
      amountIn(await figure(a, 'liquid-pool-staked'))
        .sub(stakedBefore)
        .toString(),
    )
    .toBe('64');
  await noSeriousA11y(a, '/liquidStaking (FETH)');
  await shoot(a, 'liquid-feth');
}

async function queuesFortyFeth(a: Page): Promise<void> {
  const queue = a.getByTestId('liquid-queue');
  const amount = queue.getByLabel('FETH to swap for ETH');
  await amount.fill('64.5');
  await queue.getByText('That is more than your FETH balance (64.0000 FETH)').waitFor();
  await amount.fill('0');
  await queue.getByText('Enter an amount above 0').waitFor();
  await queue.getByRole('button', { name: 'Max' }).click();
  expect(await amount.inputValue()).toBe('64');
  await queueFeth(a, 40);
  await figureShows(a, 'liquid-position', 'First in line');
  await figureShows(a, 'liquid-unfilled', `${four(40)} FETH`);
  expect(await figure(a, 'liquid-feth-ahead')).toBe(`${four(0)} FETH`);
  expect(await figure(a, 'liquid-feth-balance')).toBe(`${four(24)} FETH`);
  // One entry per address: a second is refused by the field.
  await amount.fill('5');
  await queue.getByText('You already have FETH in the swap queue; cancel it first').waitFor();
  await amount.fill('');
  await noSeriousA11y(a, '/liquidStaking (queued)');
  await shoot(a, 'liquid-queued');
}

async function queuesThirtyBehind(b: Page): Promise<void> {
  await queueFeth(b, 30);
  await figureShows(b, 'liquid-position', '2nd in line');
  await figureShows(b, 'liquid-feth-ahead', `${four(40)} FETH`);
  await shoot(b, 'liquid-second-in-line');
  // Cancel asks first; the person keeps the entry.
  await b.getByTestId('liquid-yours').getByRole('button', { name: 'Cancel queued FETH' }).click();
  const confirm = b.getByRole('dialog', { name: 'Cancel your queued FETH?' });
  await confirm.getByText(/^The 30\.0000 FETH not yet filled leave the queue/).waitFor();
  await noSeriousA11y(b, '/liquidStaking (cancel?)');
  await shoot(b, 'liquid-cancel-confirm');
  await confirm.getByRole('button', { name: 'Keep it queued' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect(await figure(b, 'liquid-unfilled')).toBe(`${four(30)} FETH`);
  // 70 FETH waits for more than the 64 ETH on its way: the pool job exits a third validator.
  await figureShows(b, 'liquid-pool-exiting', `${four(96)} ETH`, 180_000);
}

async function seesTheQueueFillInOrder(
  a: Page,
  b: Page,
  deployment: Awaited<ReturnType<typeof stackDeployment>>,
  aAddress: `0x${string}`,
  bAddress: `0x${string}`,
): Promise<void> {
  await advanceChain(10 * EPOCH_S);
  await advanceChain(DAY_S + 4 * HOUR_S);
  await figureShows(a, 'liquid-to-claim', `${four(40)} ETH`, 300_000);
  expect(await figure(a, 'liquid-unfilled')).toBe(`${four(0)} FETH`);
  expect(await figure(a, 'liquid-position')).toBe('Not in the queue');
  await expect
    .poll(async () => amountIn(await figure(b, 'liquid-to-claim')).gte(24), { timeout: 300_000 })
    .toBe(true);
  const fills = await swapFills(deployment.addresses.validatorPool);
  const firstOfB = fills.findIndex((f) => f.depositor === bAddress.toLowerCase());
  const aFills = fills.flatMap((f, i) => (f.depositor === aAddress.toLowerCase() ? [i] : []));
  const lastOfA = aFills.at(-1) ?? -1;
  expect(lastOfA).toBeGreaterThanOrEqual(0);
  expect(firstOfB).toBeGreaterThan(lastOfA);
  expect(fills[lastOfA]!.remaining).toBe(0n);
  await shoot(a, 'liquid-filled');
}

async function claimsFortyEth(a: Page, aAddress: `0x${string}`): Promise<void> {
  const ethBefore = await chainBalance(aAddress);
  const yours = a.getByTestId('liquid-yours');
  await yours.getByRole('button', { name: 'Claim ETH' }).click();
  await txConfirmed(a, /^Claim 40\.0000 ETH/);
  await yours.getByTestId('liquid-done').getByText('40.0000 ETH sent to your wallet.').waitFor();
  const received = (await chainBalance(aAddress)) - ethBefore;
  expect(
    received > 39_990_000_000_000_000_000n && received <= 40_000_000_000_000_000_000n,
    `${received}`,
  ).toBe(true);
  await figureShows(a, 'liquid-to-claim', `${four(0)} ETH`);
  expect(await figure(a, 'liquid-feth-balance')).toBe(`${four(24)} FETH`);
  expect(await yours.getByRole('button', { name: 'Cancel queued FETH' }).isDisabled()).toBe(true);
  await noSeriousA11y(a, '/liquidStaking (claimed)');
  await shoot(a, 'liquid-claimed');
}

async function seesTheSecondFilled(a: Page, b: Page): Promise<void> {
  for (let day = 0; day < 3 && !amountIn(await figure(a, 'liquid-pool-exiting')).isZero; day++) {
    await advanceChain(DAY_S);
    await expect
      .poll(async () => amountIn(await figure(a, 'liquid-pool-exiting')).isZero, { timeout: 120_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  await figureShows(a, 'liquid-pool-exiting', `${four(0)} ETH`);
  await figureShows(b, 'liquid-to-claim', `${four(30)} ETH`);
}

async function seesTheRewardsRaised(a: Page, distributedBefore: Decimal, gainBefore: Decimal): Promise<void> {
  await expect
    .poll(async () => amountIn(await figure(a, 'liquid-pool-distributed')).gt(distributedBefore), {
      timeout: 300_000,
    })
    .toBe(true);
  expect(amountIn(await figure(a, 'liquid-pool-current-rewards')).isZero).toBe(false);
  await shoot(a, 'liquid-rewards');
  await a.getByRole('navigation', { name: 'Lending' }).getByRole('link', { name: 'Rewards pool' }).click();
  const gain = a.getByTestId('pool-gain');
  await expect
    .poll(async () => amountIn((await gain.locator('p').nth(1).textContent()) ?? '0').gt(gainBefore), {
      timeout: 60_000,
    })
    .toBe(true);
  await shoot(a, 'liquid-rewards-pool-gain');
}

it(
  'two people deposit validators for FETH and queue it; exits fill the queue in order; the first claims 40 ETH',
  { timeout: 1_800_000 },
  async () => {
    const { page: a, address: aAddress } = await liquidStaker('liquid');
    // Set-up through the protocol, as the person's own wallet: a cache for PAYD, 2,000 PAYD of it in
    // the rewards pool (whose depositors the reward reports pay), and 10 ETH fewer in the wallet.
    const deployment = await stackDeployment(baseURL);
    const aSigner = await protocolSigner(deployment, await devWalletKey(a));
    await (await openCache(aSigner, { depositCollateral: 10, borrowPAYD: 5000 })).waitForSuccess();
    await (await depositPAYDInRewardsPool(aSigner, 2000)).waitForSuccess();
    const gainBefore = await rewardsPoolGain(aSigner);

    // The pool keeps validators ready (the server's pool job registers them); the empty page.
    const { available, stakedBefore, distributedBefore } = await seesThePoolReady(a);

    // Refused by the field before the wallet is asked.
    await depositRefusedByTheField(a, available);

    // 2 validators: 64 ETH for 64 FETH, as previewed.
    await depositsTwoValidators(a, stakedBefore);

    // A second person deposits 1 validator for 32 FETH.
    const { page: b, address: bAddress } = await liquidStaker('liquid2');
    await depositValidators(b, 1);
    await figureShows(b, 'liquid-feth-balance', `${four(32)} FETH`);

    // The dev beacon activates the validators; exits are accepted 64 epochs after activation.
    await advanceChain(12 * EPOCH_S);
    await advanceChain(70 * EPOCH_S);

    // Queue 40 FETH; more than the balance and zero are refused first.
    await queuesFortyFeth(a);

    // The server's pool job exits 2 validators for the 40 FETH: their 64 ETH is on its way.
    await figureShows(a, 'liquid-pool-exiting', `${four(64)} ETH`, 180_000);

    // The second person queues 30 FETH behind the first.
    await queuesThirtyBehind(b);

    // The exits take effect, the validators become withdrawable and the sweep pays them to the
    // pool; the pool job settles them and the queue fills, the first entry before the second.
    await seesTheQueueFillInOrder(a, b, deployment, aAddress, bAddress);

    // The first person claims 40 ETH (no swap fee by default) and cancels nothing.
    await claimsFortyEth(a, aAddress);

    // The third exit's balance arrives too (its exit was posted a little later, so it may need
    // another day of the sweep): the second entry is filled in full, and with nothing on its way
    // what else reached the pool counts as rewards.
    await seesTheSecondFilled(a, b);

    // A reward report raises the rewards distributed and the rewards-pool depositor's gain (none
    // before: nothing was liquidated on this chain).
    await seesTheRewardsRaised(a, distributedBefore, gainBefore);
  },
);
