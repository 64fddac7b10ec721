import { describe, expect, it } from 'vitest';
import { createDepositData, generateMnemonic, getNetwork } from '@payd/validator-keys';
import {
  StakeMessages,
  balanceError,
  canContinue,
  decodeDepositJson,
  depositBatch,
  depositBatchAsync,
  depositResetsForm,
  isBlockedCountKey,
  maxAffordableValidators,
  networkMismatch,
  parseValidatorCount,
  stakeAmountEth,
  stakeAmountWei,
  stakeSummary,
  type ValidatorRow,
} from './stakeRules.ts';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const OTHER = '0x00000000000000000000000000000000000000b0';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe('validator-count input', () => {
  it('blocks e, E, +, - and . and lets digits through', () => {
    for (const k of ['e', 'E', '+', '-', '.']) expect(isBlockedCountKey(k)).toBe(true);
    for (const k of ['0', '7', 'Backspace', 'ArrowUp']) expect(isBlockedCountKey(k)).toBe(false);
  });

  it('keeps whole numbers of at least 0, dropping decimals; empty stays empty', () => {
    expect(parseValidatorCount('3')).toBe(3);
    expect(parseValidatorCount('2.9')).toBe(2);
    expect(parseValidatorCount('-4')).toBe(0);
    expect(parseValidatorCount(5.5)).toBe(5);
    expect(parseValidatorCount('')).toBeNull();
    expect(parseValidatorCount('abc')).toBeNull();
    expect(parseValidatorCount(undefined)).toBeNull();
  });
});

describe('amount, balance and Continue', () => {
  it('derives 32 ETH per validator', () => {
    expect(stakeAmountEth(null)).toBe(0);
    expect(stakeAmountEth(2)).toBe(64);
    expect(stakeAmountWei(2)).toBe(64n * 10n ** 18n);
    expect(stakeSummary(3, ` ${ADDR} `)).toEqual({
      validators: 3,
      ethPerValidator: 32,
      totalEth: 96,
      withdrawalAddress: ADDR,
    });
  });

  it('says so when the amount exceeds the wallet balance', () => {
    const hundred = 100n * 10n ** 18n;
    expect(balanceError(3, hundred)).toBeNull();
    expect(balanceError(4, undefined)).toBeNull();
    expect(balanceError(0, 0n)).toBeNull();
  });

  it('says the most the wallet can pay for (32 ETH each plus gas), not to refresh the page', () => {
    const hundred = 100n * 10n ** 18n;
    expect(balanceError(4, hundred)).toBe(
      'You are staking more ETH than you have in your wallet. This wallet can pay for at most 3 validators (3 × 32 = 96 ETH, plus gas).',
    );
    expect(balanceError(4, hundred)).not.toMatch(/refresh/);
    const gwei = 10n ** 9n;
    // 96 ETH exactly: three validators leave nothing for gas, so two is the most.
    expect(maxAffordableValidators(96n * 10n ** 18n, 10n * gwei)).toBe(2);
    expect(balanceError(3, 96n * 10n ** 18n, 10n * gwei)).toMatch(/at most 2 validators \(2 × 32 = 64 ETH/);
    expect(balanceError(1, 40n * 10n ** 18n, 10n * gwei)).toBeNull();
    expect(balanceError(2, 40n * 10n ** 18n)).toMatch(/at most 1 validator \(1 × 32 = 32 ETH, plus gas\)\.$/);
    expect(balanceError(1, 31n * 10n ** 18n)).toBe(
      'You are staking more ETH than you have in your wallet. One validator needs 32 ETH plus gas; this wallet holds less.',
    );
    expect(maxAffordableValidators(10_000n * 10n ** 18n, gwei)).toBe(312);
  });

  it('allows Continue only with an amount, no error, no busy transaction and a ticked address', () => {
    const ok = { count: 2, error: null, txBusy: false, addressConfirmed: true, withdrawalAddress: ADDR };
    expect(canContinue(ok)).toBe(true);
    expect(canContinue({ ...ok, count: 0 })).toBe(false);
    expect(canContinue({ ...ok, count: null })).toBe(false);
    expect(canContinue({ ...ok, error: StakeMessages.tooMuch })).toBe(false);
    expect(canContinue({ ...ok, txBusy: true })).toBe(false);
    expect(canContinue({ ...ok, addressConfirmed: false })).toBe(false);
  });
});

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

describe('network and re-sync guard', () => {
  it('aborts when the saved network is not the connected chain', () => {
    expect(networkMismatch('88', 88)).toBe(false);
    expect(networkMismatch(1, 88)).toBe(true);
    expect(networkMismatch(undefined, 88)).toBe(false);
  });

  it('resets the form only for a deposit confirmed at least 5 s after the last sync', () => {
    expect(depositResetsForm(10_000, null)).toBe(true);
    expect(depositResetsForm(10_000, 6_000)).toBe(false);
    expect(depositResetsForm(11_000, 6_000)).toBe(true);
  });
});
