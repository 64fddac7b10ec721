// CheckValidatorRequest against the embedded default's dev beacon node over a real chain 88 (devnet's
// testbed): a 0x01 validator deposited from the withdrawal address becomes active; its upgrade is
// accepted at once, its exit only SHARD_COMMITTEE_PERIOD (the dev node's 64) epochs after activation,
// at the epoch and time the refusal named.
import { createDepositData } from '@payd/validator-keys';
import { validatorRequestMessages, type CheckValidatorRequestReply } from '@payd/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeaconTestbed, type BeaconTestbed } from '../../../devnet/src/beacon/testing.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { startTestApp, type TestApp } from '../testing/testApp.ts';
import { BeaconTime, HttpBeaconClient } from './beacon/index.ts';
import { createStakingFeature } from './plugin.ts';

const MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful ' +
  'legal winner thank year wave sausage worth title';
const ADDR = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const EPOCH = 48;

let tb: BeaconTestbed;
let beacon: HttpBeaconClient;
let t: TestApp;
let alice: TestUser;
let pubkey: string;

const check = async (body: Record<string, unknown>) => {
  const r = await t.call<CheckValidatorRequestReply>(
    'Eth2Wallet',
    'CheckValidatorRequest',
    { walletAddress: ADDR, pubkey, ...body },
    alice.as,
  );
  expect(r.d.status, r.d.message).toBe('success');
  return r.d.data!;
};

describe('CheckValidatorRequest over the dev beacon node', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    tb = await startBeaconTestbed();
    beacon = new HttpBeaconClient({ url: tb.beacon.url });
    t = await startTestApp(
      'pglite',
      {},
      { features: [createStakingFeature({ beacon, deposits: null, kyc: null })] },
    );
    alice = await makeUser(t, 'alice@example.com', Role.borrower);
    const [entry] = createDepositData({
      mnemonic: MNEMONIC,
      startIndex: 0,
      count: 1,
      withdrawalAddress: ADDR,
      network: 'payd-devnet',
    });
    pubkey = `0x${entry!.pubkey}`;
    const [w] = await t.database.query<{ id: number }>(
      `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', $2)
       RETURNING eth2_wallet_id AS id`,
      [alice.usrId, ADDR],
    );
    await t.database.query(
      `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, pub_key) VALUES ($1, $2, 0, $3)`,
      [w!.id, alice.usrId, pubkey],
    );
    await tb.deposit(entry!);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await tb?.close();
  }, 60_000);

  it('refuses every request until the beacon chain has the validator active', async () => {
    expect(['unknownValidator', 'notActiveYet']).toContain((await check({ kind: 'upgrade' })).Reason);
  });

  it('accepts the upgrade once active, and the exit from the epoch it names', async () => {
    await tb.advance(12 * EPOCH);
    const [v] = await beacon.getValidators([pubkey]);
    expect(v!.status).toBe('active_ongoing');
    expect(await check({ kind: 'upgrade' })).toMatchObject({
      Processed: true,
      Message: validatorRequestMessages.processed,
    });
    const young = await check({ kind: 'exit' });
    const allowed = v!.activationEpoch! + 64n;
    const time = new BeaconTime(await beacon.getGenesis(), await beacon.getSpec());
    expect(young).toMatchObject({
      Processed: false,
      Reason: 'activeTooShort',
      AllowedFromEpoch: allowed.toString(),
      AllowedFromUtc: time.epochStart(allowed).toISOString(),
    });
    expect(young.Message).toContain('less than 64 epochs');

    await tb.advance(Number(allowed - BigInt(young.HeadEpoch)) * EPOCH);
    expect(await check({ kind: 'exit' })).toMatchObject({ Processed: true });
    expect(await check({ kind: 'partialWithdrawal', amountGwei: '1000000000' })).toMatchObject({
      Reason: 'notCompounding',
    });
    const stranger = await t.call<CheckValidatorRequestReply>(
      'Eth2Wallet',
      'CheckValidatorRequest',
      { walletAddress: `0x${'11'.repeat(20)}`, pubkey, kind: 'exit' },
      alice.as,
    );
    expect(stranger.d.data).toMatchObject({ Reason: 'notWithdrawalAddress', WithdrawalAddress: ADDR });
  });
});
