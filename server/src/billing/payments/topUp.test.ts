// ETH and FTX top-ups against a real chain 88 (the devnet in process, every payd contract deployed
// by @payd/protocol/testing): a payment is booked only once the server has verified it on chain,
// once per transaction hash (also for two requests at once), at the rate the customer saw; every
// bad payment is refused with its message and books nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import {
  connectReadOnly,
  connectSigner,
  sendETH,
  setFtxPrice,
  setPrice,
  transferFTX,
  type ReadOnlyConnection,
} from '@payd/protocol';
import { startLocalChain, type LocalChain } from '@payd/protocol/testing';
import {
  NO_ETH_RATE_MESSAGE,
  NO_FTX_RATE_MESSAGE,
  priceOf,
  RATE_CHANGED_MESSAGE,
  TOP_UP_MAX_MESSAGE,
  TOP_UP_MIN_MESSAGE,
  type Rates,
} from '@payd/schemas';
import { countRows, makeUser, type TestUser } from '../../testing/testUsers.ts';
import { Role } from '../../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../../testing/testApp.ts';
import { DEV_PAYMENT_WALLET, paymentsConfig } from './config.ts';
import { createPaymentsFeature } from './plugin.ts';
import { chainFtxPrice, fixedFtxPrice, type RateSources } from './rates.ts';
import { PaymentMessages } from './verify.ts';

const S = 'StakePayment';
let chain: LocalChain;
let reader: ReadOnlyConnection;
let customerAddr: Address;
let strangerAddr: Address;

const signer = (i: number) =>
  connectSigner({
    walletClient: chain.wallet(i),
    publicClient: chain.publicClient,
    deployment: chain.deployment,
  });

beforeAll(async () => {
  chain = await startLocalChain();
  reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
  customerAddr = chain.accounts[2]!;
  strangerAddr = chain.accounts[3]!;
  const owner = await signer(0);
  for (const to of [customerAddr, strangerAddr])
    await (await transferFTX(owner, to, '10000')).waitForSuccess();
}, 180_000);
afterAll(async () => {
  await chain?.close();
});

async function payEth(from: number, to: Address, amount: string): Promise<Hex> {
  const sent = await sendETH(await signer(from), to, amount);
  await sent.waitForReceipt();
  return sent.hash;
}
async function payFtx(from: number, to: Address, amount: string): Promise<Hex> {
  const sent = await transferFTX(await signer(from), to, amount);
  await sent.waitForReceipt();
  return sent.hash;
}

let t: TestApp;
let sources: RateSources;
let alice: TestUser;
let bob: TestUser;
let rates: Rates;

const ethBody = (txHash: string, ethAmt: string, creditAmt: string, walletAddress = customerAddr) => ({
  txHash,
  walletAddress,
  fintruxWallet: DEV_PAYMENT_WALLET,
  ethAmt,
  creditAmt,
});

const ftxBody = (txHash: string, ftxAmt: string, creditAmt: string) => ({
  txHash,
  ftxTokenAddress: chain.deployment.addresses.ftxToken,
  walletAddress: customerAddr,
  fintruxWallet: DEV_PAYMENT_WALLET,
  ftxAmt,
  creditAmt,
});

const balance = async (who: TestUser) =>
  (
    await t.call<{ Dtl: { Credits: string; Topups: string; Validators: number }[] }>(
      'StakeAcctBalance',
      'GetBalance',
      {},
      who.as,
    )
  ).d.data!.Dtl[0]!;

describe.each(testDatabaseKinds)('top-ups by ETH and FTX on %s', { timeout: 240_000 }, (kind) => {
  beforeAll(async () => {
    const config = paymentsConfig(88, {});
    const chainSource = () => Promise.resolve(reader);
    sources = { config, chain: chainSource, ftx: chainFtxPrice(chainSource) };
    t = await startTestApp(kind, {}, { features: [createPaymentsFeature({ sources })] });
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    bob = await makeUser(t, 'bob@example.com', Role.borrower);
    await t.database.query(
      `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd) VALUES ($1, $2, 'A'), ($3, $4, 'A')`,
      [alice.usrId, customerAddr.toLowerCase(), bob.usrId, strangerAddr.toLowerCase()],
    );
    const [w] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', $2) RETURNING eth2_wallet_id AS id`,
      [alice.usrId, customerAddr],
    );
    await t.database.query(
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key)
       VALUES ($1, $2, 0, '3', $3), ($1, $2, 1, '3', $4)`,
      [w!.id, alice.usrId, `0x${'a1'.repeat(48)}`, `0x${'a2'.repeat(48)}`],
    );
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  bookingCases();
  refusalAndFeedCases();
  unusableRateCases();
  bodyBoundCases();
});

function bookingCases(): void {
  it('gives the rates signed out: 1 USD a credit, ETH at 2000 USD, FTX at 0.5 USD', async () => {
    const r = await t.call<Rates>(S, 'GetRates', {});
    expect(r.d.status).toBe('success');
    rates = r.d.data!;
    expect(rates).toEqual({ USD: '1', ETH: '0.0005', FTX: '2', CR: '1' });
  });

  it('books an ETH top-up verified on chain and shows it in balance and history', async () => {
    const eth = priceOf('10', rates, 2, 'ETH');
    const hash = await payEth(2, DEV_PAYMENT_WALLET, eth);
    const r = await t.call(S, 'GetEthPayment', ethBody(hash, eth, '10.00'), alice.as);
    expect(r.d.status).toBe('success');
    expect(await balance(alice)).toMatchObject({ Credits: '10.00', Topups: '10.00', Validators: 2 });
    const h = await t.call<{ total: number; data: { PmtTypeName: string; PmtAmt4: string }[] }>(
      S,
      'GetPaymentHistory',
      { page: 0, pageSize: 5 },
      alice.as,
    );
    expect(h.d.data!.total).toBe(1);
    expect(h.d.data!.data[0]).toMatchObject({ PmtTypeName: 'ETH Payment', PmtAmt4: eth });
  });

  it('books an FTX top-up with the FTX discount, and 1.1 + 1.2 credits add up to 2.30 exactly', async () => {
    const ftx = priceOf('1.1', rates, 2, 'FTX');
    expect(ftx).toBe('1.76');
    const h1 = await payFtx(2, DEV_PAYMENT_WALLET, ftx);
    expect((await t.call(S, 'GetFtxPayment', ftxBody(h1, ftx, '1.10'), alice.as)).d.status).toBe('success');
    const ftx2 = priceOf('1.2', rates, 2, 'FTX');
    const h2 = await payFtx(2, DEV_PAYMENT_WALLET, ftx2);
    expect((await t.call(S, 'GetFtxPayment', ftxBody(h2, ftx2, '1.20'), alice.as)).d.status).toBe('success');
    expect((await balance(alice)).Credits).toBe('12.30');
  });

  it('books the same hash once, also when sent twice at once', async () => {
    const eth = priceOf('2', rates, 2, 'ETH');
    const hash = await payEth(2, DEV_PAYMENT_WALLET, eth);
    const before = await countRows(t, 'stake_payment');
    const both = await Promise.all([
      t.call(S, 'GetEthPayment', ethBody(hash, eth, '2.00'), alice.as),
      t.call(S, 'GetEthPayment', ethBody(hash, eth, '2.00'), alice.as),
    ]);
    expect(both.map((r) => r.d.status).sort()).toEqual(['failed', 'success']);
    expect(both.find((r) => r.d.status === 'failed')!.d.message).toBe(PaymentMessages.duplicate);
    const again = await t.call(S, 'GetEthPayment', ethBody(hash, eth, '2.00'), alice.as);
    expect(again.d.message).toBe(PaymentMessages.duplicate);
    expect(await countRows(t, 'stake_payment')).toBe(before + 1);
  });
}

function refusalAndFeedCases(): void {
  it('refuses every bad payment with its message and books nothing', async () => {
    const eth = priceOf('2', rates, 2, 'ETH');
    const before = await countRows(t, 'stake_payment');
    const refuse = async (
      body: Record<string, unknown>,
      message: string,
      method = 'GetEthPayment',
      who = alice,
    ) => {
      const r = await t.call(S, method, body, who.as);
      expect(r.d.status).toBe('failed');
      expect(r.d.message).toBe(message);
      return r.d;
    };
    await refuse(ethBody(`0x${'ab'.repeat(32)}`, eth, '2.00'), PaymentMessages.unknown);
    const elsewhere = await payEth(2, strangerAddr, eth);
    await refuse(ethBody(elsewhere, eth, '2.00'), PaymentMessages.wrongRecipient);
    const fromStranger = await payEth(3, DEV_PAYMENT_WALLET, eth);
    await refuse(ethBody(fromStranger, eth, '2.00'), PaymentMessages.otherWallet);
    const cheap = priceOf('1', rates, 2, 'ETH');
    const underpaid = await payEth(2, DEV_PAYMENT_WALLET, cheap);
    await refuse(ethBody(underpaid, cheap, '2.00'), RATE_CHANGED_MESSAGE);
    await refuse(ethBody(underpaid, eth, '2.00'), PaymentMessages.wrongAmount);
    // Someone else claiming the customer's transaction with their own wallet.
    const alices = await payEth(2, DEV_PAYMENT_WALLET, eth);
    await refuse(
      ethBody(alices, eth, '2.00', strangerAddr),
      PaymentMessages.otherWallet,
      'GetEthPayment',
      bob,
    );
    // Too recent: fewer confirmations than configured.
    sources.config.confirmations = 50;
    // The browser asks again with the same hash while the code is 'pending'.
    expect(await refuse(ethBody(alices, eth, '2.00'), PaymentMessages.pending)).toMatchObject({
      error: 'pending',
    });
    sources.config.confirmations = 1;
    // A mined but failed transaction: verify.test.ts (the dev node does not mine a reverting send).
    // ETH sent but claimed as FTX: no FTX transfer to payd.
    await refuse(ftxBody(alices, eth, '2.00'), PaymentMessages.wrongRecipient, 'GetFtxPayment');
    expect(await countRows(t, 'stake_payment')).toBe(before);
    // Signed out: nothing.
    expect((await t.call(S, 'GetEthPayment', ethBody(alices, eth, '2.00'))).d.status).not.toBe('success');
  });

  it('prices FTX from the settable test feed', async () => {
    await (await setFtxPrice(await signer(0), '0.25')).waitForSuccess();
    expect((await t.call<Rates>(S, 'GetRates', {})).d.data!.FTX).toBe('4');
    await (await setFtxPrice(await signer(0), '0.5')).waitForSuccess();
  });
}

/** Refused with `message`, and not one stake_payment row more. */
async function refusedWithoutBooking(method: string, body: Record<string, unknown>, message: string) {
  const before = await countRows(t, 'stake_payment');
  const r = await t.call(S, method, body, alice.as);
  expect(r.d).toMatchObject({ status: 'failed', message });
  expect(await countRows(t, 'stake_payment')).toBe(before);
}

function unusableRateCases(): void {
  it('refuses FTX payment when no FTX price is configured: 1 wei buys nothing (issue 24)', async () => {
    const chainFtx = sources.ftx;
    sources.ftx = fixedFtxPrice(null); // production without FTX_USD_PRICE
    try {
      expect((await t.call<Rates>(S, 'GetRates', {})).d.data!.FTX).toBe('0');
      const wei = await payFtx(2, DEV_PAYMENT_WALLET, '0.000000000000000001');
      await refusedWithoutBooking(
        'GetFtxPayment',
        ftxBody(wei, '0.000000000000000001', '100000'),
        NO_FTX_RATE_MESSAGE,
      );
    } finally {
      sources.ftx = chainFtx;
    }
  });

  it('refuses ETH payment while the feed gives an absurd price, and takes it again after', async () => {
    const owner = await signer(0);
    await (await setPrice(owner, '1000000000')).waitForSuccess();
    try {
      expect((await t.call<Rates>(S, 'GetRates', {})).d.data!.ETH).toBe('0');
      const wei = await payEth(2, DEV_PAYMENT_WALLET, '0.000000000000000001');
      await refusedWithoutBooking(
        'GetEthPayment',
        ethBody(wei, '0.000000000000000001', '100000'),
        NO_ETH_RATE_MESSAGE,
      );
    } finally {
      await (await setPrice(owner, '2000')).waitForSuccess();
    }
    expect((await t.call<Rates>(S, 'GetRates', {})).d.data!.ETH).toBe('0.0005');
  });

  it('keeps the dev feed usable after the dev clock moved 10 days', async () => {
    await chain.publicClient.request({ method: 'evm_increaseTime', params: ['0xd2f00'] } as never);
    await chain.publicClient.request({ method: 'evm_mine', params: [] } as never);
    expect((await t.call<Rates>(S, 'GetRates', {})).d.data).toMatchObject({ ETH: '0.0005', FTX: '2' });
    const eth = priceOf('3', rates, 2, 'ETH');
    const hash = await payEth(2, DEV_PAYMENT_WALLET, eth);
    expect((await t.call(S, 'GetEthPayment', ethBody(hash, eth, '3.00'), alice.as)).d.status).toBe('success');
  });
}

function bodyBoundCases(): void {
  it('answers zero, exponent and huge amounts with a failure naming the field, books nothing', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    const before = await countRows(t, 'stake_payment');
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['GetEthPayment', ethBody(hash, '0', '10.00'), 'ethAmt'],
      ['GetFtxPayment', ftxBody(hash, '0', '10.00'), 'ftxAmt'],
      ['GetEthPayment', ethBody(hash, '1e20', '10.00'), 'ethAmt'],
      ['GetEthPayment', ethBody(hash, '9'.repeat(20), '10.00'), 'ethAmt'],
      ['GetFtxPayment', ftxBody(hash, '9'.repeat(40), '10.00'), 'ftxAmt'],
      ['GetEthPayment', ethBody(hash, '0.01', '0'), 'creditAmt', TOP_UP_MIN_MESSAGE],
      ['GetEthPayment', ethBody(hash, '0.01', '0.01'), 'creditAmt', TOP_UP_MIN_MESSAGE],
      ['GetFtxPayment', ftxBody(hash, '1', '0.01'), 'creditAmt', TOP_UP_MIN_MESSAGE],
      ['GetEthPayment', ethBody(hash, '0.01', '1e20'), 'creditAmt'],
      ['GetEthPayment', ethBody(hash, '0.01', '9'.repeat(20)), 'creditAmt', TOP_UP_MAX_MESSAGE],
      ['GetFtxPayment', ftxBody(hash, '1', '9'.repeat(40)), 'creditAmt', TOP_UP_MAX_MESSAGE],
      ['GetEthPayment', ethBody(hash, '0.01', '999999999999999999.99'), 'creditAmt', TOP_UP_MAX_MESSAGE],
    ];
    for (const [method, body, field, message] of cases) {
      const r = await t.call(S, method, body, alice.as);
      expect(r.status, `${method} ${field}`).toBeLessThan(500);
      expect(r.d.status).toBe('failed');
      const errors = r.d.validationErrors as { field: string; message: string }[];
      expect(errors.map((e) => e.field)).toEqual([field]);
      if (message) expect(errors[0]!.message).toBe(message);
    }
    expect(await countRows(t, 'stake_payment')).toBe(before);
  });
}
