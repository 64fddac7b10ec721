import {
  createDepositData,
  deriveValidatorKeys,
  fromHex,
  hashTreeRootDepositData,
  signVoluntaryExit,
  toHex,
  type DepositDataEntry,
} from '@payd/validator-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeaconTestbed, type BeaconTestbed } from './testing.ts';

const MNEMONIC = `${'abandon '.repeat(23)}art`;
const WITHDRAWAL_ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const EPOCH = 48;
const DAY = 86_400;
const FAR_FUTURE = '18446744073709551615';

interface ValidatorJson {
  index: string;
  balance: string;
  status: string;
  validator: { pubkey: string; activation_epoch: string; exit_epoch: string; withdrawable_epoch: string };
}
interface WithdrawalJson {
  index: string;
  validator_index: string;
  address: string;
  amount: string;
  transaction_hash: string | null;
}
/** An item of POST /payd/v1/rewards (README.md). */
interface RewardsJson {
  consensus_rewards: string;
  execution_fees: string;
  mev: string;
  proposals: unknown[];
  withdrawals: WithdrawalJson[];
}
interface PendingDepositJson {
  pubkey: string;
  withdrawal_credentials: string;
  amount: string;
  slot: string;
}
interface HeaderJson {
  header: { message: { slot: string } };
}

/** A reply of the node: its status and its JSON body (null when it has none). */
interface Reply {
  status: number;
  json: unknown;
}

/** The `data` of a Beacon API envelope, read as the route's JSON shape `T`; the tests check it. */
const data = <T = unknown>(reply: Reply): T => (reply.json as { data: T }).data;

/** Deposit data whose signature is another key's: the contract takes it, the beacon chain must not. */
function withForeignSignature(entry: DepositDataEntry, signature: string): DepositDataEntry {
  const root = hashTreeRootDepositData({
    pubkey: fromHex(entry.pubkey),
    withdrawal_credentials: fromHex(entry.withdrawal_credentials),
    amount: BigInt(entry.amount),
    signature: fromHex(signature),
  });
  return { ...entry, signature, deposit_data_root: toHex(root) };
}

// The node under test and three validators' deposit data, made by the describe's beforeAll.
let tb: BeaconTestbed;
let entries: DepositDataEntry[];
const get = async (path: string): Promise<Reply> => {
  const res = await fetch(`${tb.beacon.url}${path}`);
  return {
    status: res.status,
    json: res.status === 200 && path.includes('health') ? null : await res.json(),
  };
};
const post = async (path: string, body: unknown): Promise<Reply> => {
  const res = await fetch(`${tb.beacon.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : JSON.parse(text) };
};
const validator = async (id: string) =>
  data<ValidatorJson>(await get(`/eth/v1/beacon/states/head/validators/${id}`));
const pubkey = (i: number) => `0x${entries[i]!.pubkey}`;

/** Genesis and spec, deposits becoming validators, activation. */
function genesisAndDepositTests() {
  it('serves the payd-devnet genesis and spec that exit signatures are made for', async () => {
    const genesisBlock = await tb.client.getBlock({ blockNumber: 0n });
    expect(data(await get('/eth/v1/beacon/genesis'))).toEqual({
      genesis_time: genesisBlock.timestamp.toString(),
      genesis_validators_root: '0xea569bcb4fbb2ed26d30e997d7337e7e12a43ac115793e9cbe25da401fcbb725',
      genesis_fork_version: '0x10000058',
    });
    const spec = data(await get('/eth/v1/config/spec'));
    expect(spec).toMatchObject({
      SECONDS_PER_SLOT: '6',
      SLOTS_PER_EPOCH: '8',
      GENESIS_FORK_VERSION: '0x10000058',
      CAPELLA_FORK_VERSION: '0x40000058',
      DEPOSIT_CHAIN_ID: '88',
      DEPOSIT_CONTRACT_ADDRESS: tb.depositContract,
    });
    expect((await get('/eth/v1/node/health')).status).toBe(200);
    expect(data(await get('/eth/v1/node/syncing'))).toMatchObject({
      is_syncing: false,
      sync_distance: '0',
    });
  });

  it('queues deposits in pending_deposits, then makes validators by queue order and never a badly signed one', async () => {
    await tb.deposit(entries[0]!);
    await tb.deposit(withForeignSignature(entries[1]!, entries[0]!.signature));
    await tb.deposit(entries[2]!);

    const res = await fetch(`${tb.beacon.url}/eth/v1/beacon/states/head/pending_deposits`);
    expect(res.headers.get('eth-consensus-version')).toBe('electra');
    const queued = await get('/eth/v1/beacon/states/head/pending_deposits');
    expect(queued.json).toMatchObject({ version: 'electra', execution_optimistic: false });
    expect(data<PendingDepositJson[]>(queued).map((d) => [d.pubkey, d.amount])).toEqual(
      [0, 1, 2].map((i) => [pubkey(i), '32000000000']),
    );
    expect((await get(`/eth/v1/beacon/states/head/validators/${pubkey(0)}`)).status).toBe(404);

    // Finalized after two epochs, then 64 ETH of activation churn an epoch (the bad one takes its share).
    await tb.advance(4 * EPOCH);
    expect(data(await get('/eth/v1/beacon/states/head/pending_deposits'))).toEqual([]);
    const first = await validator(pubkey(0));
    expect(first).toMatchObject({ index: '0', balance: '32000000000' });
    expect(first.status).toMatch(/^pending_/);
    expect((await validator(pubkey(2))).index).toBe('1');
    const missing = await get(`/eth/v1/beacon/states/head/validators/${pubkey(1)}`);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 404 });

    const listed = await get(`/eth/v1/beacon/states/head/validators?id=${pubkey(0)},${pubkey(1)}&id=1`);
    expect(data<ValidatorJson[]>(listed).map((v) => v.index)).toEqual(['0', '1']);
    const balances = await get(`/eth/v1/beacon/states/head/validator_balances?id=${pubkey(2)}`);
    expect(data(balances)).toEqual([{ index: '1', balance: '32000000000' }]);
  });

  it('queues and then activates the validators as the chain clock moves', async () => {
    await tb.advance(2 * EPOCH);
    const queued = await validator('0');
    expect(queued.status).toBe('pending_queued');
    expect(queued.validator.activation_epoch).not.toBe(FAR_FUTURE);
    const pending = await get('/eth/v1/beacon/states/head/validators?status=pending');
    expect(data(pending)).toHaveLength(2);

    await tb.advance(10 * EPOCH);
    const active = await validator('0');
    expect(active.status).toBe('active_ongoing');
    expect(BigInt(active.balance)).toBeGreaterThan(32_000_000_000n);
    expect(data(await get('/eth/v1/beacon/states/head/validators?status=active_ongoing'))).toHaveLength(2);
  });
}

/** Rewards, fees and MEV, and voluntary exits. */
function rewardsAndExitTests() {
  it('pays consensus rewards every epoch, fees and MEV per proposal, and sweeps the excess', async () => {
    const head = Number(data<HeaderJson>(await get('/eth/v1/beacon/headers/head')).header.message.slot);
    await tb.advance(DAY + 4 * EPOCH);

    // The second validator's deposit took the next epoch's churn: both attest from the later activation.
    const activation = Math.max(
      ...(await Promise.all(
        ['0', '1'].map(async (i) => Number((await validator(i)).validator.activation_epoch)),
      )),
    );
    const fromEpoch = Math.floor(head / 8);
    const rewards = await post('/payd/v1/rewards', {
      validators: ['0'],
      from_epoch: String(fromEpoch),
      to_epoch: String(fromEpoch + 1800),
    });
    const r = data<RewardsJson[]>(rewards)[0]!;
    expect(r.consensus_rewards).toBe(String(1800 * 1458));
    expect(r.proposals).toHaveLength(4);
    expect(r.execution_fees).toBe(String(4 * 90_000));
    expect(r.mev).toBe(String(4 * 130_000));
    expect(r.withdrawals).toHaveLength(1);
    expect(r.withdrawals[0]!.address).toBe(WITHDRAWAL_ADDRESS);

    // Nothing is lost: the balance and everything swept equal the deposit plus consensus rewards.
    const slot = data<HeaderJson>(await get('/eth/v1/beacon/headers/head')).header.message.slot;
    const lifetime = data<RewardsJson[]>(
      await post('/payd/v1/rewards', {
        validators: ['0'],
        from_epoch: '0',
        to_epoch: '99999999',
        state_id: slot,
      }),
    )[0]!;
    const swept = lifetime.withdrawals.reduce((s, w) => s + BigInt(w.amount), 0n);
    const balance = data<{ balance: string }[]>(
      await get(`/eth/v1/beacon/states/${slot}/validator_balances?id=0`),
    )[0]!.balance;
    expect(BigInt(balance) + swept).toBe(32_000_000_000n + BigInt(lifetime.consensus_rewards));
    expect(BigInt(lifetime.consensus_rewards)).toBeGreaterThan(0n);

    const attestation = await post(`/eth/v1/beacon/rewards/attestations/${activation + 1}`, ['0', '1']);
    expect(data<{ total_rewards: unknown }>(attestation).total_rewards).toEqual([
      { validator_index: '0', head: '378', target: '702', source: '378', inactivity: '0' },
      { validator_index: '1', head: '378', target: '702', source: '378', inactivity: '0' },
    ]);
  });

  it('rejects an exit signed by another key and accepts the validator own, surviving restarts', async () => {
    const epoch = Math.floor(
      Number(data<{ head_slot: string }>(await get('/eth/v1/node/syncing')).head_slot) / 8,
    );
    const foreign = signVoluntaryExit({
      secretKey: deriveValidatorKeys(MNEMONIC, 2).signingKey,
      validatorIndex: 0,
      epoch,
      network: 'payd-devnet',
    });
    const rejected = await post('/eth/v1/beacon/pool/voluntary_exits', foreign);
    expect(rejected.status).toBe(400);
    expect(rejected.json).toEqual({ code: 400, message: 'Invalid voluntary exit: invalid signature' });
    expect((await post('/eth/v1/beacon/pool/voluntary_exits', { message: {} })).status).toBe(400);

    const exit = signVoluntaryExit({
      secretKey: deriveValidatorKeys(MNEMONIC, 0).signingKey,
      validatorIndex: 0,
      epoch,
      network: 'payd-devnet',
    });
    expect((await post('/eth/v1/beacon/pool/voluntary_exits', exit)).status).toBe(200);
    expect((await validator('0')).status).toBe('active_exiting');
    expect((await validator('1')).status).toBe('active_ongoing');
    expect((await post('/eth/v1/beacon/pool/voluntary_exits', exit)).status).toBe(200);

    await tb.restartBeacon();
    expect((await validator('0')).status).toBe('active_exiting');

    await tb.advance(6 * EPOCH);
    expect((await validator('0')).status).toBe('exited_unslashed');
    await tb.advance(256 * EPOCH);
    const withdrawable = await validator('0');
    // The daily sweep pays out at most a day after the validator becomes withdrawable.
    expect(withdrawable.status).toBe(
      withdrawable.balance === '0' ? 'withdrawal_done' : 'withdrawal_possible',
    );
    await tb.advance(DAY);
    const done = await validator('0');
    expect(done).toMatchObject({ status: 'withdrawal_done', balance: '0' });

    await tb.restartAll();
    expect(await validator('0')).toEqual(done);
    expect((await validator('1')).status).toBe('active_ongoing');
  });
}

/** The dev offline switch (issue 29). */
function offlineSwitchTests() {
  it('stops a validator on the dev offline switch: it pays penalties until started again, across restarts', async () => {
    const epochNow = async () =>
      Math.floor(Number(data<{ head_slot: string }>(await get('/eth/v1/node/syncing')).head_slot) / 8);
    expect((await post('/payd/v1/dev/offline', { validator: '1' })).status).toBe(400);
    expect((await post('/payd/v1/dev/offline', { validator: '99', offline: true })).status).toBe(404);
    const stopped = await post('/payd/v1/dev/offline', { validator: '1', offline: true });
    expect(stopped.status).toBe(200);
    expect(data<{ validator_index: string; offline: boolean }>(stopped)).toMatchObject({
      validator_index: '1',
      offline: true,
    });
    const from = await epochNow();
    await tb.advance(3 * EPOCH);
    await tb.restartBeacon();
    const to = await epochNow();
    const rewards = async (id: string, a: number, b: number) =>
      data<RewardsJson[]>(
        await post('/payd/v1/rewards', { validators: [id], from_epoch: String(a), to_epoch: String(b) }),
      )[0]!.consensus_rewards;
    // The stopped one misses source and target: 702 + 378 gwei an epoch.
    expect(await rewards('1', from, to)).toBe(String(-(to - from) * 1080));
    const attestation = await post(`/eth/v1/beacon/rewards/attestations/${from + 1}`, ['1']);
    expect(data<{ total_rewards: unknown }>(attestation).total_rewards).toEqual([
      { validator_index: '1', head: '0', target: '-702', source: '-378', inactivity: '0' },
    ]);
    expect((await validator('1')).status).toBe('active_ongoing');

    expect((await post('/payd/v1/dev/offline', { validator: '1', offline: false })).status).toBe(200);
    const back = (await epochNow()) + 1;
    await tb.advance(2 * EPOCH);
    expect(await rewards('1', back, back + 1)).toBe('1458');
  });
}

/** Withdrawals paid on chain 88. */
function withdrawalTests() {
  it('pays the sweep into the withdrawal address on chain 88 (EIP-4895), each withdrawal once', async () => {
    const address = WITHDRAWAL_ADDRESS as `0x${string}`;
    // The address is also the validators' fee recipient: settle their fees and MEV first.
    await tb.beacon.node.payExecutionRewards();
    const before = await tb.client.getBalance({ address });
    const listed = data<WithdrawalJson[]>(await get(`/payd/v1/withdrawals?address=${WITHDRAWAL_ADDRESS}`));
    // Validator 0's partial sweeps and its whole balance after the exit; validator 1's partial ones.
    expect(listed.map((w) => w.index)).toEqual(listed.map((_, i) => String(i)));
    expect(listed.some((w) => w.validator_index === '0' && BigInt(w.amount) > 32_000_000_000n)).toBe(true);
    expect(listed.every((w) => w.transaction_hash === null)).toBe(true);
    const owed = listed.reduce((sum, w) => sum + BigInt(w.amount), 0n) * 10n ** 9n;

    expect(await tb.beacon.node.payWithdrawals()).toBe(listed.length);
    expect(await tb.client.getBalance({ address })).toBe(before + owed);
    const paid = data<WithdrawalJson[]>(await get(`/payd/v1/withdrawals?validator=0&validator=1`));
    expect(paid.every((w) => w.transaction_hash !== null)).toBe(true);
    const lifetime = data<RewardsJson[]>(
      await post('/payd/v1/rewards', { validators: ['0'], from_epoch: '0', to_epoch: '99999999' }),
    )[0]!;
    expect(lifetime.withdrawals.at(-1)).toMatchObject({
      validator_index: '0',
      address: WITHDRAWAL_ADDRESS,
      transaction_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown,
    });

    // Nothing twice: not again, not after a restart of the node, not after the journal's replay.
    expect(await tb.beacon.node.payWithdrawals()).toBe(0);
    await tb.restartBeacon();
    expect(await tb.beacon.node.payWithdrawals()).toBe(0);
    await tb.restartAll();
    expect(await tb.client.getBalance({ address })).toBe(before + owed);
    expect(await tb.beacon.node.payWithdrawals()).toBe(0);
    expect(await tb.client.getBalance({ address })).toBe(before + owed);
  });
}

/** Issue 25: a 0x02 validator of 64 ETH through the real deposit contract (a new key, index 2), topped up by 10 ETH. */
function compoundingTests() {
  const compounding = (amountGwei: bigint) =>
    createDepositData({
      mnemonic: MNEMONIC,
      startIndex: 3,
      count: 1,
      withdrawalAddress: WITHDRAWAL_ADDRESS,
      kind: '0x02',
      network: 'payd-devnet',
      amountGwei,
    })[0]!;
  type Full = ValidatorJson & { validator: { withdrawal_credentials: string; effective_balance: string } };

  it('activates a 0x02 deposit of 64 ETH: its credentials, 64 ETH effective, nothing swept', async () => {
    const entry = compounding(64_000_000_000n);
    await tb.deposit(entry);
    const id = `0x${entry.pubkey}`;
    expect(data<PendingDepositJson[]>(await get('/eth/v1/beacon/states/head/pending_deposits'))).toEqual([
      expect.objectContaining({
        pubkey: id,
        amount: '64000000000',
        withdrawal_credentials: `0x${entry.withdrawal_credentials}`,
      }),
    ]);
    await tb.advance(12 * EPOCH);
    const active = data<Full>(await get(`/eth/v1/beacon/states/head/validators/${id}`));
    expect(active.status).toBe('active_ongoing');
    expect(active.validator.withdrawal_credentials).toBe(`0x${entry.withdrawal_credentials}`);
    expect(active.validator.effective_balance).toBe('64000000000');
    await tb.advance(DAY + 3600);
    const later = data<Full>(await get(`/eth/v1/beacon/states/head/validators/${id}`));
    expect(BigInt(later.balance)).toBeGreaterThan(64_000_000_000n);
    expect(BigInt(later.balance)).toBeLessThan(65_000_000_000n);
  });

  it('tops it up by 10 ETH: pending in pending_deposits, then in its balance and effective balance', async () => {
    const entry = compounding(10_000_000_000n);
    const id = `0x${entry.pubkey}`;
    const before = data<Full>(await get(`/eth/v1/beacon/states/head/validators/${id}`));
    await tb.deposit(entry);
    const queued = data<PendingDepositJson[]>(await get('/eth/v1/beacon/states/head/pending_deposits'));
    expect(queued).toEqual([expect.objectContaining({ pubkey: id, amount: '10000000000' })]);
    const same = data<Full>(await get(`/eth/v1/beacon/states/head/validators/${id}`));
    expect(same.validator.effective_balance).toBe('64000000000');
    expect(BigInt(same.balance) - BigInt(before.balance)).toBeLessThan(10_000_000_000n);

    await tb.advance(4 * EPOCH);
    expect(data(await get('/eth/v1/beacon/states/head/pending_deposits'))).toEqual([]);
    const after = data<Full>(await get(`/eth/v1/beacon/states/head/validators/${id}`));
    expect(after.validator.effective_balance).toBe('74000000000');
    const [balance] = data<{ index: string; balance: string }[]>(
      await get(`/eth/v1/beacon/states/head/validator_balances?id=${id}`),
    );
    expect(balance).toEqual({ index: after.index, balance: after.balance });
    expect(BigInt(after.balance) - BigInt(before.balance)).toBeGreaterThanOrEqual(10_000_000_000n);
    expect(data(await get('/eth/v1/beacon/states/head/pending_partial_withdrawals'))).toEqual([]);
    expect(data(await get('/eth/v1/beacon/states/head/pending_consolidations'))).toEqual([]);
    expect(data(await get('/eth/v1/config/spec'))).toMatchObject({
      MIN_ACTIVATION_BALANCE: '32000000000',
      MAX_EFFECTIVE_BALANCE_ELECTRA: '2048000000000',
      MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: '64000000000',
      MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: '128000000000',
      MAX_PENDING_DEPOSITS_PER_EPOCH: '16',
      ELECTRA_FORK_EPOCH: '0',
    });
  });
}

describe('dev beacon node over chain 88', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    tb = await startBeaconTestbed();
    entries = createDepositData({
      mnemonic: MNEMONIC,
      startIndex: 0,
      count: 3,
      withdrawalAddress: WITHDRAWAL_ADDRESS,
      network: 'payd-devnet',
    });
  }, 120_000);
  afterAll(async () => {
    await tb?.close();
  }, 60_000);
  genesisAndDepositTests();
  rewardsAndExitTests();
  withdrawalTests();
  compoundingTests();
  offlineSwitchTests();
});
