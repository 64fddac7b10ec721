// Compounding (0x02, EIP-7251) deposit data and per-deposit amounts up to 2048 ETH, checked against
// a published 0x02 entry and against the compounding cases of ethstaker-deposit-cli's own tests
// (test-vectors/README.md says where each comes from).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compoundingWithdrawalCredentials,
  createDepositData,
  deriveValidatorKeys,
  explainDepositData,
  signDepositData,
  verifyDepositData,
  withdrawalCredentialsFor,
  type DepositDataEntry,
} from './deposit.ts';
import { DepositDataPool } from './node/depositPool.ts';
import { toHex } from './bytes.ts';
import { depositContractRoot } from './depositContractRoot.testkit.ts';
import type { Network } from './networks.ts';

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../test-vectors/${file}`, import.meta.url), 'utf8')) as T;

/** Goerli, which payd does not ship: only its genesis fork version matters here. */
const GOERLI: Network = {
  name: 'payd-devnet',
  depositNetworkName: 'goerli',
  chainId: 5,
  genesisForkVersion: '00001020',
  capellaForkVersion: '03001020',
  genesisValidatorsRoot: '00'.repeat(32),
};

interface EthstakerCase {
  name: string;
  mnemonic: string;
  passphrase: string;
  startIndex: number;
  count: number;
  chain: 'mainnet';
  withdrawalAddress: string;
  amountEth: number;
}

const GWEI = 1_000_000_000;

describe('a published 0x02 deposit', () => {
  const [entry] = read<DepositDataEntry[]>('deposits/published-goerli-charon-0x02.json');

  it('reproduces both roots and verifies its signature under its fork version, and only there', () => {
    expect(entry!.withdrawal_credentials.slice(0, 2)).toBe('02');
    expect(explainDepositData(entry!, GOERLI)).toBeNull();
    expect(depositContractRoot(entry!)).toBe(entry!.deposit_data_root);
    expect(explainDepositData({ ...entry!, fork_version: '00000000' })).toMatch(/signature does not verify/);
  });

  it('is bound to its 0x02 prefix: the same bytes under 0x01 no longer match', () => {
    const as01 = { ...entry!, withdrawal_credentials: `01${entry!.withdrawal_credentials.slice(2)}` };
    expect(explainDepositData(as01, GOERLI)).toMatch(/deposit_message_root/);
  });
});

describe("ethstaker-deposit-cli's compounding cases", () => {
  const { cases } = read<{ cases: EthstakerCase[] }>('ethstaker-compounding.json');

  for (const c of cases)
    it(`${c.name}: ${c.count} × ${c.amountEth} ETH, 0x02 + 11 zero bytes + address, verified`, () => {
      const entries = createDepositData({
        mnemonic: c.mnemonic,
        passphrase: c.passphrase,
        startIndex: c.startIndex,
        count: c.count,
        withdrawalAddress: c.withdrawalAddress,
        kind: '0x02',
        network: c.chain,
        amountGwei: BigInt(c.amountEth) * BigInt(GWEI),
      });
      expect(entries).toHaveLength(c.count);
      const address = c.withdrawalAddress.slice(2).toLowerCase();
      entries.forEach((e, k) => {
        expect(e.withdrawal_credentials).toBe(`02${'00'.repeat(11)}${address}`);
        expect(e.amount).toBe(c.amountEth * GWEI);
        expect(e.pubkey).toBe(deriveValidatorKeys(c.mnemonic, c.startIndex + k, c.passphrase).pubkey);
        expect(Object.keys(e)).toEqual([
          'pubkey',
          'withdrawal_credentials',
          'amount',
          'signature',
          'deposit_message_root',
          'deposit_data_root',
          'fork_version',
          'network_name',
          'deposit_cli_version',
        ]);
        expect(e.fork_version).toBe('00000000');
        expect(e.network_name).toBe('mainnet');
        expect(verifyDepositData(e, 'mainnet')).toBe(true);
        expect(depositContractRoot(e)).toBe(e.deposit_data_root);
      });
      expect(new Set(entries.map((e) => e.pubkey)).size).toBe(c.count);
    });
});

describe('kinds and amounts', () => {
  const mnemonic =
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
  const address = '0xcd60A5f152724480c3a95E4Ff4dacEEf4074854d';
  const keys = deriveValidatorKeys(mnemonic, 0);
  const sign = (kind: '0x01' | '0x02', amountEth: number) =>
    signDepositData({
      signingKey: keys.signingKey,
      withdrawalCredentials: withdrawalCredentialsFor(kind, address),
      amountGwei: BigInt(amountEth) * BigInt(GWEI),
      network: 'payd-devnet',
    });

  it('signs the same key differently for 0x01 and 0x02 and for each amount', () => {
    const entries = [sign('0x01', 32), sign('0x02', 32), sign('0x02', 64), sign('0x02', 2048)];
    expect(new Set(entries.map((e) => e.signature)).size).toBe(4);
    for (const e of entries) expect(verifyDepositData(e, 'payd-devnet')).toBe(true);
    expect(entries[0]!.withdrawal_credentials.slice(0, 2)).toBe('01');
    expect(toHex(compoundingWithdrawalCredentials(address))).toBe(entries[1]!.withdrawal_credentials);
  });

  it('takes 1 to 2048 ETH per deposit and refuses more', () => {
    expect(sign('0x02', 1).amount).toBe(GWEI);
    expect(sign('0x02', 2048).amount).toBe(2048 * GWEI);
    expect(() => sign('0x02', 2049)).toThrow(/between 1 and 2048 ETH/);
    const big = sign('0x02', 2048);
    expect(explainDepositData({ ...big, amount: 2049 * GWEI })).toMatch(/above the 2048 ETH maximum/);
  });

  it('refuses credentials that no validator could be withdrawn from', () => {
    const e = sign('0x02', 32);
    const wc = (prefix: string, pad = '00'.repeat(11)) =>
      `${prefix}${pad}${e.withdrawal_credentials.slice(24)}`;
    expect(explainDepositData({ ...e, withdrawal_credentials: wc('03') })).toMatch(/start with 00, 01 or 02/);
    expect(explainDepositData({ ...e, withdrawal_credentials: wc('02', `01${'00'.repeat(10)}`) })).toMatch(
      /11 zero bytes/,
    );
    expect(() => withdrawalCredentialsFor('0x03' as never, address)).toThrow(/unknown validator kind/);
  });

  it('makes the same 0x02 entries on the worker threads', async () => {
    const pool = new DepositDataPool({ threads: 1 });
    try {
      const args = {
        mnemonic,
        startIndex: 3,
        count: 2,
        withdrawalAddress: address,
        kind: '0x02' as const,
        network: 'payd-devnet' as const,
        amountGwei: 100n * BigInt(GWEI),
      };
      const made = await pool.createDepositData(args);
      expect(made).toEqual(createDepositData(args));
      expect(made[0]!.withdrawal_credentials.slice(0, 2)).toBe('02');
    } finally {
      await pool.close();
    }
  });
});
