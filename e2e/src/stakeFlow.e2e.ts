// The stake flow of spec 001 in the browser: an approved customer connects the dev wallet,
// registers it on /accountStatus (the server marks it Approved in the on-chain KYC manager), stakes
// 2 validators through the MultipleDeposit contract from their own wallet, and lands on '/'; the
// server then holds two deposited validators for the wallet. A second stake of 1 adds a third.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { createPublicClient, http, type Address } from 'viem';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { kycManagerAbi } from '../../contracts/abi/index.ts';
import { launchBrowser } from './harness/browser.ts';
import {
  approvedCustomer,
  callAs,
  connectDevWallet,
  registerWallet,
  stakeValidators,
} from './harness/staking.ts';

const baseURL = inject('stackUrl');
const staff = inject('staff');
const chainUrl = inject('chainUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Row = Record<string, unknown>;

it(
  'an approved customer registers the dev wallet, stakes 2 validators, then 1 more',
  { timeout: 400_000 },
  async () => {
    const { page } = await approvedCustomer(browser, baseURL, staff, 'staker');
    const address = await connectDevWallet(page);
    // No sidebar before the wallet is approved.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await registerWallet(page);

    // The server marked the approved customer's registered wallet Approved in the on-chain KYC manager.
    const deployment = new URL('../../contracts/deployments/88.json', import.meta.url);
    const kycManager = (
      JSON.parse(readFileSync(deployment, 'utf8')) as { addresses: { kycManager: Address } }
    ).addresses.kycManager;
    const chain = createPublicClient({ transport: http(chainUrl) });
    await expect
      .poll(() =>
        chain.readContract({
          address: kycManager,
          abi: kycManagerAbi,
          functionName: 'isApproved',
          args: [address],
        }),
      )
      .toBe(true);
    const status = await callAs<Row>(page, 'StakeWalletAddress', 'GetWalletStatus', {
      walletAddress: address,
    });
    expect(status.data).toMatchObject({ StakeWalletStatusCd2: 'A', StakeWalletStatusCd2Text: 'Approved' });

    // The stake screen's rules before anything is sent.
    await page.goto('/stakeETH');
    await page.getByRole('heading', { name: 'Stake ETH' }).waitFor();
    const count = page.getByLabel('Number of validators');
    await count.fill('4');
    await page
      .getByText(
        'You are staking more ETH than you have in your wallet. Please refresh this page and try again.',
      )
      .waitFor();
    expect(await page.getByLabel('ETH amount').inputValue()).toBe('128');
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await page.goto('/dashboard');

    await stakeValidators(page, 2);

    const wallets = await callAs<{ key: string; label: string }[]>(page, 'Eth2Wallet', 'GetEth2Wallet5List', {
      searchStr: '',
      topN: 50,
    });
    const wallet = wallets.data!.find((w) => w.label.toLowerCase() === address.toLowerCase());
    expect(wallet).toBeDefined();
    const validators = await callAs<Row[]>(page, 'Eth2Wallet', 'GetEth2Wallet5DtlById', {
      keyId: wallet!.key,
      options: {},
    });
    expect(validators.data).toHaveLength(2);
    // SyncValidators saw the deposits on chain: no validator is left with an empty status.
    for (const v of validators.data!) expect(v.ValidatorStatusCd5 ?? '').not.toBe('');
    // 64 ETH left the customer's own wallet (100 ETH from the faucet, minus gas).
    const reply = await fetch(chainUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
    });
    const wei = BigInt(((await reply.json()) as { result: string }).result);
    expect(wei).toBeLessThan(36n * 10n ** 18n);
    expect(wei).toBeGreaterThan(35n * 10n ** 18n);

    // A second stake adds to the same wallet: one more validator, the first two untouched.
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await stakeValidators(page, 1);
    const after = await callAs<Row[]>(page, 'Eth2Wallet', 'GetEth2Wallet5DtlById', {
      keyId: wallet!.key,
      options: {},
    });
    expect(after.data!.map((v) => Number(v.Idx5))).toEqual([0, 1, 2]);
    expect(after.data!.slice(0, 2).map((v) => v.PubKey5)).toEqual(validators.data!.map((v) => v.PubKey5));
    for (const v of after.data!) expect(v.ValidatorStatusCd5 ?? '').not.toBe('');
  },
);
