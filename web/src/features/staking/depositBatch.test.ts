import { describe, expect, it } from 'vitest';
import { createDepositData, generateMnemonic, getNetwork } from '@payd/validator-keys';
import { depositBatch, depositBatchAsync, topUpBatch } from './depositBatch.ts';
import { decodeDepositJson, type ValidatorRow } from './stakeRules.ts';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const OTHER = '0x00000000000000000000000000000000000000b0';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe('deposit data offered for signing', () => {
  const network = getNetwork(88);
  const entries = createDepositData({
    mnemonic: generateMnemonic(),
    startIndex: 0,
    count: 2,
    withdrawalAddress: ADDR,
    network,
  });
  const rows: ValidatorRow[] = entries.map((e, i) => ({
    Idx5: i,
    ValidatorStatusCd5: null,
    PubKey5: `0x${e.pubkey}`,
    DepositJson5: b64([e]),
  }));

  it('decodes DepositJson5 and builds the batch with 0x-prefixed fields', () => {
    expect(decodeDepositJson(String(rows[0]!.DepositJson5))).toEqual(entries[0]);
    const batch = depositBatch(rows, ADDR, network.genesisForkVersion);
    expect(batch.pubkeys).toEqual(entries.map((e) => `0x${e.pubkey}`));
    expect(batch.withdrawal_credentials[0]).toBe(`0x010000000000000000000000${ADDR.slice(2)}`);
    expect(batch.deposit_data_roots).toEqual(entries.map((e) => `0x${e.deposit_data_root}`));
    expect(batch.signatures).toEqual(entries.map((e) => `0x${e.signature}`));
    expect(batch.fork_version).toBe(`0x${network.genesisForkVersion}`);
    expect(batch.deposits[1]).toEqual({
      pubkey: batch.pubkeys[1],
      withdrawal_credentials: batch.withdrawal_credentials[1],
      signature: batch.signatures[1],
      deposit_data_root: batch.deposit_data_roots[1],
      amount: 32n * 10n ** 18n,
    });
  });

  it('builds the same batch without blocking the page', async () => {
    expect(await depositBatchAsync(rows, ADDR, network.genesisForkVersion)).toEqual(
      depositBatch(rows, ADDR, network.genesisForkVersion),
    );
    await expect(depositBatchAsync(rows, OTHER)).rejects.toThrow(/another withdrawal address/);
  });

  it('refuses deposit data for another address, another network, a wrong root or garbage', () => {
    expect(() => depositBatch(rows, OTHER)).toThrow(/another withdrawal address/);
    expect(() => depositBatch(rows, ADDR, '00000000')).toThrow(/another network/);
    const badRoot = { ...entries[0]!, deposit_data_root: '00'.repeat(32) };
    expect(() => depositBatch([{ ...rows[0]!, DepositJson5: b64([badRoot]) }], ADDR)).toThrow(
      /deposit_data_root/,
    );
    expect(() => depositBatch([{ ...rows[0]!, DepositJson5: 'not base64 json' }], ADDR)).toThrow();
    expect(() => depositBatch([{ ...rows[0]!, PubKey5: rows[1]!.PubKey5 }], ADDR)).toThrow(
      /another public key/,
    );
    expect(() => depositBatch([], ADDR)).toThrow();
  });

  it('refuses a batch that names one validator twice (whatever the case of its key)', () => {
    const upper = { ...rows[0]!, PubKey5: String(rows[0]!.PubKey5).toUpperCase().replace('0X', '0x') };
    const twice = [
      rows[0]!,
      { ...upper, DepositJson5: b64([{ ...entries[0]!, pubkey: entries[0]!.pubkey.toUpperCase() }]) },
    ];
    expect(() => depositBatch(twice, ADDR)).toThrow(/a validator twice/);
  });
});

describe('0x02 deposit data offered for signing (issue 25)', () => {
  const network = getNetwork(88);
  const [entry] = createDepositData({
    mnemonic: generateMnemonic(),
    startIndex: 0,
    count: 1,
    withdrawalAddress: ADDR,
    kind: '0x02',
    amountGwei: 64_000_000_000n,
    network,
  });
  const rows: ValidatorRow[] = [{ Idx5: 0, PubKey5: `0x${entry!.pubkey}`, DepositJson5: b64([entry]) }];
  const compounding64 = { kind: '0x02', amountGwei: 64_000_000_000 } as const;

  it('takes a 64 ETH compounding deposit with 0x02 credentials and sends 64 ETH', () => {
    const batch = depositBatch(rows, ADDR, network.genesisForkVersion, compounding64);
    expect(batch.withdrawal_credentials[0]).toBe(`0x02${'00'.repeat(11)}${ADDR.slice(2)}`);
    expect(batch.deposits[0]!.amount).toBe(64n * 10n ** 18n);
  });

  it('refuses it when the page asked for another kind or amount', () => {
    expect(() => depositBatch(rows, ADDR, network.genesisForkVersion)).toThrow(/is not 32 ETH/);
    expect(() =>
      depositBatch(rows, ADDR, network.genesisForkVersion, { kind: '0x01', amountGwei: 64_000_000_000 }),
    ).toThrow(/another withdrawal address/);
    expect(() =>
      depositBatch(rows, ADDR, network.genesisForkVersion, { kind: '0x02', amountGwei: 65_000_000_000 }),
    ).toThrow(/is not 65 ETH/);
  });

  it("takes a top-up only for the validator's own key, its 0x02 credentials and the amount asked", () => {
    const [tenEth] = createDepositData({
      mnemonic: generateMnemonic(),
      startIndex: 3,
      count: 1,
      withdrawalAddress: ADDR,
      kind: '0x02',
      amountGwei: 10_000_000_000n,
      network,
    });
    const key = `0x${tenEth!.pubkey}`;
    const batch = topUpBatch(tenEth!, key, ADDR, network.genesisForkVersion, 10_000_000_000);
    expect(batch.deposits).toHaveLength(1);
    expect(batch.deposits[0]!.amount).toBe(10n * 10n ** 18n);
    expect(() =>
      topUpBatch(tenEth!, `0x${entry!.pubkey}`, ADDR, network.genesisForkVersion, 10_000_000_000),
    ).toThrow(/another public key/);
    expect(() => topUpBatch(tenEth!, key, OTHER, network.genesisForkVersion, 10_000_000_000)).toThrow(
      /another withdrawal address/,
    );
    expect(() => topUpBatch(tenEth!, key, ADDR, network.genesisForkVersion, 20_000_000_000)).toThrow(
      /is not 20 ETH/,
    );
  });
});
