// CheckValidatorRequest over recorded Beacon API answers (beacon/recorded/electraHead.json, a
// mainnet-configured head at epoch 1000): the caller's own validators only, and for each kind of
// request the answer process_withdrawal_request / process_consolidation_request would give, with the
// customer's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  validatorRequestFieldMessages,
  validatorRequestMessages,
  type CheckValidatorRequestReply,
} from '@payd/schemas';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { HttpBeaconClient } from './beacon/index.ts';
import { startRecordedBeaconNode, type RecordedBeaconNode } from './beacon/recorded/recordedBeaconNode.ts';
import { createStakingFeature } from './plugin.ts';
import { StakingMessages } from './messages.ts';
import { ValidatorRequestChecks } from './validatorRequestCheck.ts';

const ADDR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const key = (index: number) => `0xa1${'0'.repeat(92)}${index}`;
// 16,600 validators of 2048 ETH: 33,996,800 ETH active, 518 ETH of balance churn, 262 for consolidations
const MAINNET_FILL = 16_600;
const GENESIS_MS = 1_606_824_023_000;
const EPOCH_MS = 32 * 12 * 1000;

let node: RecordedBeaconNode;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

const check = async (body: Record<string, unknown>, who = alice) => {
  const r = await t.call<CheckValidatorRequestReply>('Eth2Wallet', 'CheckValidatorRequest', body, who.as);
  return r;
};
const reply = async (body: Record<string, unknown>) => {
  const r = await check({ walletAddress: ADDR, ...body });
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!;
};

async function ownValidators(who: TestUser, address: string, indices: number[]) {
  const [w] = await t.database.query<{ id: number }>(
    `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '1', $2)
     RETURNING eth2_wallet_id AS id`,
    [who.usrId, address],
  );
  for (const [i, index] of indices.entries())
    await t.database.query(
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, validator_index)
       VALUES ($1, $2, $3, '3', $4, $5)`,
      [w!.id, who.usrId, i, key(index), index],
    );
}

describe.each(testDatabaseKinds)('CheckValidatorRequest over recorded Beacon API answers on %s', (kind) => {
  beforeAll(async () => {
    node = await startRecordedBeaconNode();
    node.activeFill = MAINNET_FILL;
    const beacon = new HttpBeaconClient({ url: node.url });
    t = await startTestApp(
      kind,
      {},
      { features: [createStakingFeature({ beacon, deposits: null, kyc: null })] },
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    bob = await makeUser(t, 'bob@example.com', Role.borrower);
    await ownValidators(alice, ADDR, [10, 11, 12, 13, 14]);
    await ownValidators(bob, OTHER, [20]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  ownershipCases();
  exitAndUpgradeCases();
  partialWithdrawalCases();
  consolidationCases();
});

function ownershipCases(): void {
  it("refuses another customer's validator, as source or as target, before asking the beacon node", async () => {
    node.asked.length = 0;
    const theirs = await check({ walletAddress: ADDR, kind: 'exit', pubkey: key(20) });
    expect(theirs.status).toBe(403);
    expect(theirs.d.message).toBe(StakingMessages.noWallet);
    const intoTheirs = await check({
      walletAddress: ADDR,
      kind: 'consolidation',
      pubkey: key(10),
      targetPubkey: key(20),
    });
    expect(intoTheirs.status).toBe(403);
    expect(node.asked).toEqual([]);
  });

  it('refuses a body without what its kind needs, naming the field', async () => {
    const r = await check({ walletAddress: ADDR, kind: 'partialWithdrawal', pubkey: key(11) });
    expect(r.status).toBe(400);
    expect(r.d.validationErrors).toEqual([
      expect.objectContaining({ field: 'amountGwei', message: validatorRequestFieldMessages.amount }),
    ]);
  });
}

function exitAndUpgradeCases(): void {
  it('upgrades an active 0x01 validator sent from its withdrawal address', async () => {
    expect(await reply({ kind: 'upgrade', pubkey: key(10) })).toMatchObject({
      Kind: 'upgrade',
      Processed: true,
      Reason: null,
      Message: validatorRequestMessages.processed,
      HeadEpoch: '1000',
      WithdrawalAddress: ADDR,
    });
  });

  it('says which wallet must send, and that a 0x02 validator needs no upgrade', async () => {
    const wrong = await check({ walletAddress: OTHER, kind: 'upgrade', pubkey: key(10) });
    expect(wrong.d.data).toMatchObject({ Processed: false, Reason: 'notWithdrawalAddress', BySpec: true });
    expect(wrong.d.data!.Message).toContain(`from its withdrawal address ${ADDR}.`);
    expect(await reply({ kind: 'upgrade', pubkey: key(11) })).toMatchObject({ Reason: 'alreadyCompounding' });
  });

  it('names the epoch and time a young validator may exit from (activation 900 + 256)', async () => {
    const r = await reply({ kind: 'exit', pubkey: key(12) });
    const at = new Date(GENESIS_MS + 1156 * EPOCH_MS).toISOString();
    expect(r).toMatchObject({
      Processed: false,
      Reason: 'activeTooShort',
      AllowedFromEpoch: '1156',
      AllowedFromUtc: at,
    });
    expect(r.Message).toContain('less than 256 epochs. The request is accepted from epoch 1156,');
    expect(r.Message).toContain(validatorRequestMessages.ignoredBySpec);
  });

  it('refuses an exit while a partial withdrawal is pending, and a second exit', async () => {
    expect(await reply({ kind: 'exit', pubkey: key(11) })).toMatchObject({
      Reason: 'partialWithdrawalPending',
    });
    expect(await reply({ kind: 'exit', pubkey: key(13) })).toMatchObject({ Reason: 'exitInitiated' });
    expect(await reply({ kind: 'exit', pubkey: key(10) })).toMatchObject({ Processed: true });
  });
}

function partialWithdrawalCases(): void {
  it('withdraws up to the balance above 32 ETH less what is pending: 64 - 32 - 5 = 27 ETH', async () => {
    expect(
      await reply({ kind: 'partialWithdrawal', pubkey: key(11), amountGwei: '27000000000' }),
    ).toMatchObject({
      Processed: true,
    });
    const over = await reply({ kind: 'partialWithdrawal', pubkey: key(11), amountGwei: '27000000001' });
    expect(over).toMatchObject({
      Processed: false,
      Reason: 'amountAboveWithdrawable',
      BySpec: false,
      WithdrawableGwei: '27000000000',
    });
    expect(over.Message).toContain('At most 27 ETH can be withdrawn now');
    expect(over.Message).toContain(validatorRequestMessages.refusedByPayd);
  });

  it('refuses a partial withdrawal of a 0x01 validator', async () => {
    expect(
      await reply({ kind: 'partialWithdrawal', pubkey: key(10), amountGwei: '1000000000' }),
    ).toMatchObject({
      Reason: 'notCompounding',
    });
  });
}

function consolidationCases(): void {
  it('consolidates into a 0x02 validator of the same address on a mainnet-sized chain', async () => {
    expect(await reply({ kind: 'consolidation', pubkey: key(10), targetPubkey: key(11) })).toMatchObject({
      Processed: true,
      TargetPubKey: key(11),
    });
    expect(node.asked).toContain('/eth/v1/beacon/states/head/pending_consolidations');
  });

  it('refuses a 0x01 target, a target of another address and a source with a pending partial', async () => {
    expect(await reply({ kind: 'consolidation', pubkey: key(11), targetPubkey: key(12) })).toMatchObject({
      Reason: 'partialWithdrawalPending',
    });
    expect(await reply({ kind: 'consolidation', pubkey: key(12), targetPubkey: key(11) })).toMatchObject({
      Reason: 'activeTooShort',
    });
    expect(await reply({ kind: 'consolidation', pubkey: key(10), targetPubkey: key(14) })).toMatchObject({
      Reason: 'differentWithdrawalAddresses',
      BySpec: false,
    });
    expect(await reply({ kind: 'consolidation', pubkey: key(10), targetPubkey: key(13) })).toMatchObject({
      Reason: 'targetNotCompounding',
    });
  });

  it('refuses every consolidation while the chain is too small for consolidation churn', async () => {
    node.activeFill = 0;
    const checks = new ValidatorRequestChecks({
      db: t.database.db,
      beacon: new HttpBeaconClient({ url: node.url }),
    });
    const r = await checks.check(
      { usrId: alice.usrId, usrName: 'alice@example.com', role: Role.borrower },
      { walletAddress: ADDR, kind: 'consolidation', pubkey: key(10), targetPubkey: key(11) },
    );
    node.activeFill = MAINNET_FILL;
    expect(r).toMatchObject({ Processed: false, Reason: 'consolidationChurnTooLow' });
  });
}
