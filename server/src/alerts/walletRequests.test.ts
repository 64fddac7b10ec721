// The customers' wallet requests on PGlite and PostgreSQL: the exits, partial withdrawals and
// consolidations the predeploys logged from a customer's wallets (sign-in or stake wallet) wait until
// the beacon chain's finalized state passes their block, then are told once as confirmed (their effect
// shows) or ignored; a stranger's request is not kept, a pass reads only the blocks after the last it
// scanned, a request still in its predeploy's queue waits, and a pass killed before marking them
// sends nothing twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import type { LoggedExecutionRequest } from '@payd/protocol';
import { makeCustomers, topUp as buyCredits } from '../billing/charges/fixtures.ts';
import type { Database } from '../db/database.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import type {
  BeaconPendingConsolidation,
  BeaconPendingPartialWithdrawal,
  BeaconSpec,
  BeaconValidator,
} from '../staking/beacon/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing/testApp.ts';
import { emptyAlertTables } from '../testing/alertTables.ts';
import type { RequestBeacon, RequestChainReader } from './evaluators/walletRequests.ts';
import { runAlertPass, type AlertJobDeps } from './job.ts';

const GWEI = 1_000_000_000n;
const START = new Date('2026-06-01T00:00:00Z');
const SPEC: BeaconSpec = {
  secondsPerSlot: 12n,
  slotsPerEpoch: 32n,
  genesisForkVersion: '0x00000000',
  capellaForkVersion: '0x03000000',
  depositChainId: 88n,
  depositContractAddress: `0x${'00'.repeat(20)}`,
  values: { MIN_VALIDATOR_WITHDRAWABILITY_DELAY: '256' },
};
/** Beacon genesis: the requests' blocks are in epoch 100. */
const GENESIS = new Date(START.getTime() - 100 * 32 * 12_000);
const pubkey = (n: number) => `0x${n.toString(16).padStart(96, '0')}` as Hex;
const STRANGER = `0x${'ee'.repeat(20)}` as Address;

let database: Database;
let mails: OutgoingMail[];
let logs: LoggedExecutionRequest[];
let head: bigint;
let reads: [bigint, bigint][];
let queuesEmpty: { withdrawal: boolean; consolidation: boolean };
let finalizedEpoch: bigint;
let validators: BeaconValidator[];
let partials: BeaconPendingPartialWithdrawal[];
let consolidations: BeaconPendingConsolidation[];

const mailer: Mailer = { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} };

const chain: RequestChainReader = {
  headBlock: async () => head,
  logs: async (from, to) => {
    reads.push([from, to]);
    return logs.filter((l) => l.blockNumber >= from && l.blockNumber <= to);
  },
  queuesEmpty: async () => ({ ...queuesEmpty, blockTime: new Date(START.getTime() + Number(head) * 12_000) }),
};

const beacon: RequestBeacon = {
  getSpec: async () => SPEC,
  getGenesis: async () => ({
    genesisTime: GENESIS,
    genesisValidatorsRoot: '0x',
    genesisForkVersion: '0x00000000',
  }),
  getFinalizedEpoch: async () => finalizedEpoch,
  getValidators: async (ids, stateId) => {
    expect(stateId).toBe('finalized');
    return validators.filter((v) => ids.includes(v.pubkey));
  },
  getPendingPartialWithdrawals: async () => partials,
  getPendingConsolidations: async () => consolidations,
};

const deps = (checkpoint?: AlertJobDeps['checkpoint']): AlertJobDeps => ({
  db: database.db,
  mailer,
  publicUrl: 'https://payd.example',
  now: async () => new Date(START.getTime() + 3_600_000),
  credits: { dailyCharge: '1', warningDays: 2, graceDays: 3 },
  beacon: null,
  caches: null,
  requests: { chainId: 88, chain, beacon },
  ...(checkpoint ? { checkpoint } : {}),
});

const validator = (index: number, over: Partial<BeaconValidator> = {}): BeaconValidator => ({
  index: BigInt(index),
  pubkey: pubkey(index + 1),
  status: 'active_ongoing',
  balanceGwei: 34n * GWEI,
  effectiveBalanceGwei: 34n * GWEI,
  withdrawalCredentials: `0x02${'00'.repeat(11)}${'11'.repeat(20)}`,
  slashed: false,
  activationEligibilityEpoch: 0n,
  activationEpoch: 0n,
  exitEpoch: null,
  withdrawableEpoch: null,
  ...over,
});

let logIndex = 0;
/** A request the predeploy logged in `block`, 12 s a block from START (slot 3200). */
function logged(
  block: number,
  source: string,
  what: { pubkey: Hex; amountGwei?: bigint; target?: Hex },
): LoggedExecutionRequest {
  return {
    predeploy: what.target ? 'consolidation' : 'withdrawal',
    sourceAddress: source.toLowerCase() as Address,
    validatorPubkey: what.pubkey,
    ...(what.target ? { targetPubkey: what.target } : {}),
    amountGwei: what.amountGwei ?? 0n,
    blockNumber: BigInt(block),
    blockTime: new Date(START.getTime() + block * 12_000),
    transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
    logIndex: logIndex++,
  };
}

const alertsOf = (usrId: number, kind: string) =>
  database.query<{ subject: string; occurrence: string; facts: Record<string, string> }>(
    'SELECT subject, occurrence, facts FROM alert WHERE usr_id = $1 AND kind = $2 ORDER BY alert_id',
    [usrId, kind],
  );

async function customer() {
  const [c] = await makeCustomers(database, { count: 1, validators: 1, activatedAt: START });
  await buyCredits(database, c!.usrId, '1000', START);
  const stakeWallet = `0x${c!.usrId.toString(16).padStart(40, '0')}`;
  const signIn = `0x${'5a'.repeat(19)}${(c!.usrId % 256).toString(16).padStart(2, '0')}`;
  await database.query('INSERT INTO wallets (address, usr_id, created_at) VALUES ($1, $2, $3)', [
    signIn,
    c!.usrId,
    START.toISOString(),
  ]);
  return { usrId: c!.usrId, stakeWallet, signIn };
}

async function confirmedAndIgnored() {
  const c = await customer();
  head = 20n;
  const exit = logged(3, c.stakeWallet, { pubkey: pubkey(1) });
  const partial = logged(4, c.signIn.toUpperCase().replace('0X', '0x'), {
    pubkey: pubkey(2),
    amountGwei: 2n * GWEI,
  });
  const merge = logged(5, c.stakeWallet, { pubkey: pubkey(2), target: pubkey(3) });
  const theirs = logged(6, STRANGER, { pubkey: pubkey(1) });
  logs = [exit, partial, merge, theirs];
  validators = [validator(0), validator(1), validator(2)];
  // The blocks' slots (3200-3201) are not finalized a full epoch later yet: nothing told, all kept.
  finalizedEpoch = 100n;
  await runAlertPass(deps());
  expect(reads).toEqual([[0n, 20n]]);
  const kept = await database.query<{ operation: string; outcome: string }>(
    'SELECT operation, outcome FROM alert_execution_request ORDER BY block_number',
  );
  expect(kept).toEqual([
    { operation: 'exit', outcome: 'pending' },
    { operation: 'partialWithdrawal', outcome: 'pending' },
    { operation: 'consolidation', outcome: 'pending' },
  ]);
  expect(await alertsOf(c.usrId, 'request_confirmed')).toEqual([]);

  // Finalized past them: the exit and the partial withdrawal show, the consolidation does not.
  finalizedEpoch = 102n;
  validators = [validator(0, { exitEpoch: 106n, status: 'active_exiting' }), validator(1), validator(2)];
  partials = [{ validatorIndex: 1n, amountGwei: 2n * GWEI, withdrawableEpoch: 362n }];
  head = 25n;
  await runAlertPass(deps());
  await runAlertPass(deps());
  // Only the new blocks are read.
  expect(reads).toEqual([
    [0n, 20n],
    [21n, 25n],
  ]);
  const confirmed = await alertsOf(c.usrId, 'request_confirmed');
  const byOccurrence = [...confirmed].sort((a, b) => a.occurrence.localeCompare(b.occurrence));
  expect(byOccurrence.map((a) => [a.subject, a.occurrence, a.facts])).toEqual([
    [
      pubkey(1),
      `${exit.transactionHash}:${exit.logIndex}`,
      {
        operation: 'exit',
        pubkey: pubkey(1),
        index: '0',
        address: c.stakeWallet,
        txHash: exit.transactionHash,
        exitEpoch: '106',
        balanceEth: '34',
      },
    ],
    [
      pubkey(2),
      `${partial.transactionHash}:${partial.logIndex}`,
      {
        operation: 'partialWithdrawal',
        pubkey: pubkey(2),
        index: '1',
        address: c.signIn,
        txHash: partial.transactionHash,
        amountEth: '2',
        withdrawableEpoch: '362',
        balanceEth: '34',
      },
    ],
  ]);
  const ignored = await alertsOf(c.usrId, 'request_ignored');
  expect(ignored.map((a) => [a.occurrence, a.facts.operation, a.facts.targetIndex])).toEqual([
    [`${merge.transactionHash}:${merge.logIndex}`, 'consolidation', '2'],
  ]);
  // (The validator's activation at START is told too: not what this test is about.)
  const subjects = mails
    .map((m) => m.subject)
    .filter((s) => !s.endsWith(' is active'))
    .sort();
  expect(subjects).toEqual([
    'payd: Validator 0: exit request confirmed',
    'payd: Validator 1: consolidation request ignored',
    'payd: Validator 1: withdrawal of 2 ETH queued',
  ]);
  const sentIgnored = mails.find((m) => m.subject.endsWith('request ignored'))!;
  expect(sentIgnored.text).toContain(
    'the request fee was kept. What to check: both validators must be active',
  );
  expect(sentIgnored.text).toContain(
    `Check the validator: https://payd.example/manageValidator?validator=${pubkey(2)}`,
  );
  // The stranger's request was never kept.
  expect(
    await database.query('SELECT 1 FROM alert_execution_request WHERE source_address = $1', [STRANGER]),
  ).toEqual([]);
}

async function waitsForTheQueueAndSurvivesAKill() {
  const c = await customer();
  head = 10n;
  const exit = logged(2, c.stakeWallet, { pubkey: pubkey(1) });
  logs = [exit];
  validators = [validator(0)];
  finalizedEpoch = 110n;
  // Still in the predeploy's queue: the beacon chain has not seen it, so it is not called ignored.
  queuesEmpty = { withdrawal: false, consolidation: true };
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'request_ignored')).toEqual([]);
  // The dev clock jumps a day before the queue is emptied: the request reached the beacon chain only
  // then, and a finalized state from before that jump says nothing of it.
  head = 10n + 7200n;
  queuesEmpty = { withdrawal: true, consolidation: true };
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'request_ignored')).toEqual([]);
  finalizedEpoch = 100n + 7210n / 32n + 2n;
  // A pass killed after the alert is written but before the request is marked decided.
  await expect(
    runAlertPass(
      deps((step) => {
        if (step === 'wallet requests recorded') throw new Error('killed');
      }),
    ),
  ).rejects.toThrow('killed');
  expect(await alertsOf(c.usrId, 'request_ignored')).toHaveLength(1);
  expect(
    (await database.query<{ outcome: string }>('SELECT outcome FROM alert_execution_request'))[0]!.outcome,
  ).toBe('pending');
  await runAlertPass(deps());
  await runAlertPass(deps());
  expect(await alertsOf(c.usrId, 'request_ignored')).toHaveLength(1);
  expect(mails.filter((m) => m.subject === 'payd: Validator 0: exit request ignored')).toHaveLength(1);
  const [row] = await database.query<{ outcome: string }>('SELECT outcome FROM alert_execution_request');
  expect(row!.outcome).toBe('ignored');
}

describe.each(testDatabaseKinds)('alert job: the customers wallet requests (%s)', (kind) => {
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());
  beforeEach(async () => {
    await emptyAlertTables(database, ['alert_execution_request', 'alert_chain_scan']);
    await database.query('DELETE FROM wallets');
    mails = [];
    reads = [];
    logs = [];
    partials = [];
    consolidations = [];
    queuesEmpty = { withdrawal: true, consolidation: true };
  });

  it(
    'tells each request of a customer wallet once the beacon chain finalized it: confirmed by its effect, else ignored',
    confirmedAndIgnored,
  );
  it(
    'waits while the request is in the predeploy queue, and a pass killed before marking it sends nothing twice',
    waitsForTheQueueAndSurvivesAKill,
  );
});
