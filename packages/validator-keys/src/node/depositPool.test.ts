// The worker pool gives createDepositData's entries byte for byte, the published ones from their
// mnemonics, in index order whatever thread signed which chunk; bad input is refused as on one thread.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createDepositData, type DepositDataEntry } from '../deposit.ts';
import { NETWORKS, type Network } from '../networks.ts';
import { DepositDataPool } from './depositPool.ts';

const STAKING_SMITH_MNEMONIC =
  'entire habit bottom mention spoil clown finger wheat motion fox axis mechanic country make garment bar blind stadium sugar water scissors canyon often ketchup';
const DEVNET_MNEMONIC = 'margin tank lunch prison top episode peanut approve dish seat nominee illness';
const PUBLISHED_DEVNET: Network = {
  name: 'payd-devnet',
  depositNetworkName: 'custom',
  chainId: 0,
  genesisForkVersion: '20000089',
  capellaForkVersion: '40000089',
  genesisValidatorsRoot: '00'.repeat(32),
};
const load = (file: string): DepositDataEntry[] =>
  JSON.parse(
    readFileSync(new URL(`../../test-vectors/deposits/${file}`, import.meta.url), 'utf8'),
  ) as DepositDataEntry[];

describe('DepositDataPool', () => {
  const pool = new DepositDataPool({ threads: 2 });
  afterAll(() => pool.close());

  it('reproduces the published entries from their mnemonics', async () => {
    const smith = load('published-mainnet-eth-staking-smith-0x01.json');
    const devnet = load('published-devnet-20000089.json');
    const [a, b] = await Promise.all([
      pool.createDepositData({
        mnemonic: STAKING_SMITH_MNEMONIC,
        startIndex: 0,
        count: 1,
        withdrawalAddress: `0x${smith[0]!.withdrawal_credentials.slice(24)}`,
        network: NETWORKS.mainnet,
      }),
      pool.createDepositData({
        mnemonic: DEVNET_MNEMONIC,
        startIndex: 0,
        count: 1,
        withdrawalAddress: `0x${devnet[0]!.withdrawal_credentials.slice(24)}`,
        network: PUBLISHED_DEVNET,
      }),
    ]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(smith));
    expect(JSON.stringify(b)).toBe(JSON.stringify(devnet));
  });

  it('gives the same bytes as createDepositData, in index order, across chunks and threads', async () => {
    const args = {
      mnemonic: DEVNET_MNEMONIC,
      startIndex: 5,
      count: 7,
      withdrawalAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      network: 'payd-devnet' as const,
    };
    const before = pool.signed;
    const entries = await pool.createDepositData(args);
    expect(JSON.stringify(entries)).toBe(JSON.stringify(createDepositData(args)));
    expect(pool.signed - before).toBe(7);
  });

  it('refuses what createDepositData refuses, and nothing after close', async () => {
    const args = {
      mnemonic: DEVNET_MNEMONIC,
      startIndex: 0,
      count: 1,
      withdrawalAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      network: 'payd-devnet' as const,
    };
    await expect(pool.createDepositData({ ...args, count: 0 })).rejects.toThrow(/count/);
    await expect(pool.createDepositData({ ...args, mnemonic: 'margin tank lunch' })).rejects.toThrow(
      /invalid mnemonic/,
    );
    await expect(
      pool.createDepositData({ ...args, withdrawalAddress: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
    ).rejects.toThrow(/checksum/);
    await expect(pool.createDepositData({ ...args, amountGwei: 2_049_000_000_000n })).rejects.toThrow(
      /between 1 and 2048 ETH/,
    );
    const closing = new DepositDataPool({ threads: 1 });
    await closing.close();
    await expect(closing.createDepositData(args)).rejects.toThrow(/closed/);
  });
});
