// Staking journey steps a person takes (spec 001): become an approved customer (sign up, KYC record,
// a staff reviewer approves it), connect the dev wallet, register it on /accountStatus, stake N
// validators on /stakeETH. Shared by stakeFlow.e2e.ts and the full staking journey.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { callAs } from './api.ts';
import { openPage } from './browser.ts';
import { fillLogin, newPerson, signUp, signedInAs } from './person.ts';
import type { StaffUser } from './stack.ts';

type Row = Record<string, unknown>;
export { callAs, type Reply } from './api.ts';

/** A customer whose KYC a staff reviewer approved (status AP). */
export interface ApprovedCustomer {
  page: Page;
  email: string;
  password: string;
  name: string;
}

/**
 * Signs a new customer up, saves their KYC record (disclosures accepted) and has the staff reviewer
 * approve it through KycPersonWs with the reviewer's own session, as the back office saves it.
 */
export async function approvedCustomer(
  browser: Browser,
  baseURL: string,
  staff: StaffUser,
  label: string,
): Promise<ApprovedCustomer> {
  const { page } = await openPage(browser, baseURL, `${label} customer`);
  const person = newPerson(label);
  await signUp(page, person);
  const name = `Staker ${randomBytes(4).toString('hex')}`;
  const blank = await callAs<Row>(page, 'KycPerson', 'GetNewMst', {});
  const saved = await callAs<{ mst: Row }>(page, 'KycPerson', 'SaveData', {
    mst: {
      ...blank.data,
      Name15: name,
      GenderCd15: 'F',
      DateOfBirth15: '1990-05-04',
      DisclosuresChked15: 'Y',
    },
    dtl: [],
    options: {},
  });
  if (saved.status !== 'success') throw new Error(`KYC record not saved: ${saved.message}`);
  const keyId = String(saved.data!.mst.KycPersonId15);

  const reviewer = await openPage(browser, baseURL, `${label} reviewer`);
  await reviewer.page.goto('/login');
  await fillLogin(reviewer.page, staff.email, staff.password);
  await signedInAs(reviewer.page, staff.email);
  const record = await callAs<Row>(reviewer.page, 'KycPerson', 'GetKycPerson15ById', { keyId, options: {} });
  const approved = await callAs<{ mst: Row }>(reviewer.page, 'KycPerson', 'SaveData', {
    mst: { ...record.data, InternalStatus15: 'AP' },
    dtl: [],
    options: {},
  });
  if (approved.status !== 'success' || approved.data?.mst.InternalStatus15 !== 'AP')
    throw new Error(`KYC not approved: ${approved.message}`);
  await reviewer.context.close();
  return { page, ...person, name };
}

/**
 * The staff reviewer approves the KYC record `keyId` (status AP) in their own session, as the back
 * office saves it: the record's plain values sent back with the new status.
 */
export async function approveKyc(
  browser: Browser,
  baseURL: string,
  staff: StaffUser,
  keyId: string,
  label: string,
): Promise<void> {
  const reviewer = await openPage(browser, baseURL, `${label} reviewer`);
  await reviewer.page.goto('/login');
  await fillLogin(reviewer.page, staff.email, staff.password);
  await signedInAs(reviewer.page, staff.email);
  const record = await callAs<Row>(reviewer.page, 'KycPerson', 'GetKycPerson15ById', { keyId, options: {} });
  const plain = Object.fromEntries(
    Object.entries(record.data ?? {}).filter(([, v]) => v === null || typeof v !== 'object'),
  );
  const approved = await callAs<{ mst: Row }>(reviewer.page, 'KycPerson', 'SaveData', {
    mst: { ...plain, InternalStatus15: 'AP' },
    dtl: [],
    options: {},
  });
  if (approved.status !== 'success') throw new Error(`KYC not approved: ${approved.message}`);
  await reviewer.context.close();
}

/** Opens /accountStatus and connects the dev wallet; returns the wallet's address. */
export async function connectDevWallet(page: Page): Promise<`0x${string}`> {
  await page.goto('/accountStatus');
  await page.getByRole('button', { name: 'Use dev wallet' }).click();
  const wallet = page.getByLabel('Wallet', { exact: true });
  await wallet.getByTestId('eth-balance').getByText('100', { exact: true }).waitFor({ timeout: 60_000 });
  const address = await wallet.getByTestId('wallet-account').getAttribute('title');
  if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`no wallet address: ${address}`);
  return address as `0x${string}`;
}

/**
 * On /accountStatus with a connected, unregistered wallet: 'Not Registered', then 'Confirm Wallet
 * Registration' (no agent) takes the person on to /dashboard with the sidebar shown.
 */
export async function registerWallet(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Wallet Status' }).waitFor();
  await page.getByTestId('wallet-status').getByText('Not Registered').waitFor();
  await page.getByRole('button', { name: 'Confirm Wallet Registration' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staking' }).waitFor();
}

/** The kind of validator the stake page is asked for, and its ETH per validator (0x02 only). */
export interface StakeChoice {
  kind: '0x01' | '0x02';
  amountEth?: number;
}

const KIND_LABEL = { '0x01': 'Regular (0x01)', '0x02': 'Compounding (0x02)' } as const;

/**
 * Stakes `validators` validators from /stakeOption: the individual option, the kind (0x01 unless
 * told, as every journey staked before issue 25) and its ETH per validator, the count, the
 * withdrawal address (the connected wallet) confirmed, the 'Transaction Summary', Send ETH, the
 * 'Creating Validator(s)...' spinner, the dev wallet's deposit transaction confirmed, and '/' (which
 * shows the wallet status and goes on to the dashboard).
 */
export async function stakeValidators(
  page: Page,
  validators: number,
  choice: StakeChoice = { kind: '0x01' },
): Promise<void> {
  const perValidator = choice.kind === '0x02' ? (choice.amountEth ?? 32) : 32;
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staking' }).click();
  await page.getByRole('heading', { name: 'What do you want to do today?' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Stake ETH' }).waitFor();
  await page.getByRole('radio', { name: KIND_LABEL[choice.kind] }).check();
  if (choice.kind === '0x02') await page.getByLabel('ETH per validator').fill(String(perValidator));
  await page.getByLabel('Number of validators').fill(String(validators));
  const address = await page.getByTestId('wallet-account').getAttribute('title');
  if (
    (await page.getByRole('textbox', { name: 'Withdrawal address' }).inputValue()).toLowerCase() !==
    address?.toLowerCase()
  )
    throw new Error('the withdrawal address is not the connected wallet');
  await page.getByLabel(/I confirm that the withdrawal address/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('dialog', { name: 'Transaction Summary' });
  await summary
    .getByRole('row', { name: /Validator kind/ })
    .getByText(KIND_LABEL[choice.kind], { exact: true })
    .waitFor();
  await summary
    .getByRole('row', { name: /ETH per validator/ })
    .getByText(`${perValidator} ETH`, { exact: true })
    .waitFor();
  await summary
    .getByRole('row', { name: /Total amount/ })
    .getByText(`${validators * perValidator} ETH`, { exact: true })
    .waitFor();
  await summary.getByRole('button', { name: 'Send ETH' }).click();
  await page.getByText('Creating Validator(s)...').waitFor();
  await page.getByTestId('tx-status').getByText('Confirmed', { exact: true }).waitFor({ timeout: 120_000 });
  await page.waitForURL((u) => u.pathname === '/accountStatus' || u.pathname === '/dashboard', {
    timeout: 60_000,
  });
}

/** Signs `email` in on a fresh page (e.g. to check what another session sees). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await signedInAs(page, email);
}
