// The dev beacon node over a real chain 88 (Prague, with the EIP-7002/7251 predeploys): requests
// sent from the withdrawal address reach the beacon state through the emulated end-of-block system
// call, and the Beacon API shows each queue move on the dev clock: the switch of a 0x01 validator to
// 0x02, a partial withdrawal paid by the sweep into the withdrawal address, a consolidation, and an
// exit from the wallet.
import { createDepositData } from '@payd/validator-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concat, createWalletClient, defineChain, http, numberToHex, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
} from '../chain/executionRequests.ts';
import { startBeaconTestbed, type BeaconTestbed } from './testing.ts';

const MNEMONIC = `${'abandon '.repeat(23)}art`;
const EPOCH = 48;
const ETH = 1_000_000_000n;
const FAR_FUTURE = '18446744073709551615';
/** The withdrawal address's key (a well-known dev key): requests must come from it. */
const owner = privateKeyToAccount(`0x${'77'.repeat(32)}`);

interface ValidatorJson {
  index: string;
  balance: string;
  status: string;
  validator: {
    withdrawal_credentials: string;
    effective_balance: string;
    exit_epoch: string;
    withdrawable_epoch: string;
  };
}

let tb: BeaconTestbed;
let keys: Hex[];
const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${tb.beacon.url}${path}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
};
const validator = (i: number) => get<ValidatorJson>(`/eth/v1/beacon/states/head/validators/${i}`);

/** Sends a request to a predeploy from the withdrawal address with the fee it quotes, then the system call. */
async function request(to: Hex, data: Hex): Promise<void> {
  const chain = defineChain({
    id: 88,
    name: 'payd devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [tb.devnet.url] } },
  });
  const wallet = createWalletClient({ account: owner, chain, transport: http(tb.devnet.url) });
  const fee = BigInt((await tb.client.call({ to })).data ?? '0x0');
  const hash = await wallet.sendTransaction({ to, data, value: fee });
  expect((await tb.client.waitForTransactionReceipt({ hash })).status).toBe('success');
  expect(await tb.beacon.node.processExecutionRequests()).toBe(1);
}
const withdrawalRequest = (i: number, amountGwei: bigint) =>
  request(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, concat([keys[i]!, numberToHex(amountGwei, { size: 8 })]));
const consolidationRequest = (source: number, target: number) =>
  request(CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS, concat([keys[source]!, keys[target]!]));

describe('Electra requests on the dev beacon over chain 88', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    tb = await startBeaconTestbed();
    await tb.devnet.chain.fund(owner.address, parseEther('10'));
    const common = {
      mnemonic: MNEMONIC,
      count: 1,
      withdrawalAddress: owner.address,
      network: 'payd-devnet' as const,
    };
    const entries = [
      createDepositData({ ...common, startIndex: 0 })[0]!,
      createDepositData({ ...common, startIndex: 1, kind: '0x02', amountGwei: 64n * ETH })[0]!,
    ];
    for (const entry of entries) await tb.deposit(entry);
    keys = entries.map((e) => `0x${e.pubkey}` as Hex);
    await tb.advance(14 * EPOCH);
  }, 120_000);
  afterAll(async () => {
    await tb?.close();
  }, 60_000);

  it('switches a 0x01 validator to 0x02 with a consolidation request to itself', async () => {
    expect((await validator(0)).validator.withdrawal_credentials.slice(0, 4)).toBe('0x01');
    await consolidationRequest(0, 0);
    const switched = await validator(0);
    expect(switched.validator.withdrawal_credentials).toBe(
      `0x02${'00'.repeat(11)}${owner.address.slice(2).toLowerCase()}`,
    );
    expect(switched.status).toBe('active_ongoing');
  });

  it('queues a partial withdrawal of 20 ETH and the sweep pays it into the withdrawal address', async () => {
    await tb.advance(64 * EPOCH); // SHARD_COMMITTEE_PERIOD
    await withdrawalRequest(1, 20n * ETH);
    const [queued] = await get<{ validator_index: string; amount: string; withdrawable_epoch: string }[]>(
      '/eth/v1/beacon/states/head/pending_partial_withdrawals',
    );
    const head = BigInt((await get<{ head_slot: string }>('/eth/v1/node/syncing')).head_slot) / 8n;
    expect(queued).toEqual({
      validator_index: '1',
      amount: '20000000000',
      withdrawable_epoch: String(head + 5n + 256n),
    });
    await tb.advance(262 * EPOCH);
    expect(await get('/eth/v1/beacon/states/head/pending_partial_withdrawals')).toEqual([]);
    const paid = await get<{ validator_index: string; amount: string; address: string }[]>(
      `/payd/v1/withdrawals?validator=1`,
    );
    expect(paid).toEqual([
      expect.objectContaining({
        validator_index: '1',
        amount: '20000000000',
        address: owner.address.toLowerCase(),
      }),
    ]);
    const before = await tb.client.getBalance({ address: owner.address });
    await tb.beacon.node.payExecutionRewards();
    const fees = (await tb.client.getBalance({ address: owner.address })) - before;
    await tb.beacon.node.payWithdrawals();
    expect((await tb.client.getBalance({ address: owner.address })) - before - fees).toBe(
      20n * ETH * 10n ** 9n,
    );
    const v = await validator(1);
    expect(BigInt(v.balance)).toBeLessThan(45n * ETH);
    expect(v.validator.effective_balance).toBe('44000000000');
  });

  it('consolidates validator 0 into validator 1 after the withdrawability delay', async () => {
    const target = BigInt((await validator(1)).balance);
    await consolidationRequest(0, 1);
    expect(await get('/eth/v1/beacon/states/head/pending_consolidations')).toEqual([
      { source_index: '0', target_index: '1' },
    ]);
    const source = await validator(0);
    expect(source.status).toBe('active_exiting');
    await tb.advance(262 * EPOCH);
    expect(await get('/eth/v1/beacon/states/head/pending_consolidations')).toEqual([]);
    const merged = await validator(1);
    expect(BigInt(merged.balance) - target).toBeGreaterThanOrEqual(32n * ETH);
    expect(merged.validator.effective_balance).toBe('76000000000');
    expect((await validator(0)).status).toMatch(/^withdrawal_/);
  });

  it('exits validator 1 from the wallet through the exit churn', async () => {
    expect((await validator(1)).validator.exit_epoch).toBe(FAR_FUTURE);
    await withdrawalRequest(1, 0n);
    const exiting = await validator(1);
    expect(exiting.status).toBe('active_exiting');
    // 76 ETH at 64 ETH of exit churn an epoch: one epoch later than an exit of 32 ETH.
    const head = BigInt((await get<{ head_slot: string }>('/eth/v1/node/syncing')).head_slot) / 8n;
    expect(exiting.validator.exit_epoch).toBe(String(head + 6n));
    await tb.restartAll();
    expect((await validator(1)).validator.exit_epoch).toBe(exiting.validator.exit_epoch);
  });
});
