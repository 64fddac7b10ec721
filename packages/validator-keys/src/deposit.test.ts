import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes.ts';
import { blsVerify, secretKeyToPublicKey } from './bls.ts';
import {
  blsWithdrawalCredentials,
  createDepositData,
  createDepositDataAsync,
  depositSigningRoot,
  deriveValidatorKeys,
  executionWithdrawalCredentials,
  explainDepositData,
  isValidDepositSignature,
  parseExecutionAddress,
  signDepositData,
  verifyDepositData,
  type DepositDataEntry,
} from './deposit.ts';
import { NETWORKS, type Network } from './networks.ts';
import { depositContractRoot } from './depositContractRoot.testkit.ts';
import { hashTreeRootDepositData } from './spec.ts';

const STAKING_SMITH_MNEMONIC =
  'entire habit bottom mention spoil clown finger wheat motion fox axis mechanic country make garment bar blind stadium sugar water scissors canyon often ketchup';
const DEVNET_MNEMONIC = 'margin tank lunch prison top episode peanut approve dish seat nominee illness';

/** The published devnet's own chain, which payd does not ship: only its genesis fork version matters. */
const PUBLISHED_DEVNET: Network = {
  name: 'payd-devnet',
  depositNetworkName: 'custom',
  chainId: 0,
  genesisForkVersion: '20000089',
  capellaForkVersion: '40000089',
  genesisValidatorsRoot: '00'.repeat(32),
};

const fixtures: { file: string; network: Network; mnemonic?: string }[] = [
  {
    file: 'published-mainnet-eth-staking-smith-0x01.json',
    network: NETWORKS.mainnet,
    mnemonic: STAKING_SMITH_MNEMONIC,
  },
  {
    file: 'published-mainnet-eth-staking-smith-0x00.json',
    network: NETWORKS.mainnet,
    mnemonic: STAKING_SMITH_MNEMONIC,
  },
  { file: 'published-mainnet-stakewise-lido.json', network: NETWORKS.mainnet },
  { file: 'published-holesky-01017000.json', network: NETWORKS.holesky },
  { file: 'published-devnet-20000089.json', network: PUBLISHED_DEVNET, mnemonic: DEVNET_MNEMONIC },
];

function load(file: string): DepositDataEntry[] {
  return JSON.parse(
    readFileSync(new URL(`../test-vectors/deposits/${file}`, import.meta.url), 'utf8'),
  ) as DepositDataEntry[];
}

describe('published deposit data', () => {
  for (const { file, network, mnemonic } of fixtures) {
    const entries = load(file);

    it(`${file}: every entry reproduces both roots and its signature verifies`, () => {
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(explainDepositData(entry, network)).toBeNull();
        // the same check, spelled out with the spec functions and the raw BLS verify
        const message = {
          pubkey: fromHex(entry.pubkey),
          withdrawal_credentials: fromHex(entry.withdrawal_credentials),
          amount: BigInt(entry.amount),
        };
        const root = depositSigningRoot(message, fromHex(entry.fork_version));
        expect(blsVerify(message.pubkey, root, fromHex(entry.signature))).toBe(true);
      }
    });

    if (mnemonic) {
      it(`${file}: the published mnemonic derives the same keys and the same deposit data`, () => {
        entries.forEach((entry, i) => {
          const keys = deriveValidatorKeys(mnemonic, i);
          expect(keys.pubkey).toBe(entry.pubkey);
          let wc: Uint8Array;
          if (entry.withdrawal_credentials.startsWith('00')) {
            wc = blsWithdrawalCredentials(keys.withdrawalPubkey);
            expect(toHex(wc)).toBe(entry.withdrawal_credentials);
          } else {
            wc = executionWithdrawalCredentials(`0x${entry.withdrawal_credentials.slice(24)}`);
          }
          // BLS signatures are deterministic: regenerating gives the published entry byte for byte
          const regenerated = signDepositData({
            signingKey: keys.signingKey,
            withdrawalCredentials: wc,
            amountGwei: BigInt(entry.amount),
            network,
          });
          expect(regenerated).toEqual(entry);
        });
      });
    }
  }

  it('every deposit_data_root equals the one the deposit contract computes on chain', () => {
    const contractRoot = depositContractRoot;
    for (const { file } of fixtures)
      for (const e of load(file)) expect(contractRoot(e)).toBe(e.deposit_data_root);
  });

  it('checks deposits read from the contract (no roots) the way the beacon chain does', () => {
    const e = load('published-holesky-01017000.json')[0]!;
    expect(isValidDepositSignature(e, 'holesky')).toBe(true);
    expect(isValidDepositSignature({ ...e, amount: String(e.amount) }, 17000)).toBe(true);
    expect(isValidDepositSignature(e, 'mainnet')).toBe(false);
    expect(isValidDepositSignature({ ...e, amount: 2_000_000_000n }, 'holesky')).toBe(false);
    expect(isValidDepositSignature({ ...e, pubkey: 'zz' }, 'holesky')).toBe(false);
  });

  it('accepts the 1 ETH and 31 ETH top-up amounts of the holesky file', () => {
    const amounts = load('published-holesky-01017000.json').map((e) => e.amount);
    expect(amounts).toContain(1_000_000_000);
    expect(amounts).toContain(31_000_000_000);
  });
});

describe('createDepositData', () => {
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('reproduces the published eth-staking-smith 0x01 entry from its mnemonic', () => {
    const [entry] = createDepositData({
      mnemonic: STAKING_SMITH_MNEMONIC,
      startIndex: 0,
      count: 1,
      withdrawalAddress: '0x0000000000000000000000000000000000000001',
      network: 'mainnet',
    });
    expect(entry).toEqual(load('published-mainnet-eth-staking-smith-0x01.json')[0]);
  });

  it('creates verified 32 ETH entries for the payd devnet (chain 88) that round-trip verifyDepositData', () => {
    const entries = createDepositData({
      mnemonic: DEVNET_MNEMONIC,
      startIndex: 3,
      count: 2,
      withdrawalAddress: address,
      network: 88,
    });
    expect(entries).toHaveLength(2);
    for (const [k, entry] of entries.entries()) {
      expect(verifyDepositData(entry)).toBe(true);
      expect(verifyDepositData(entry, 'payd-devnet')).toBe(true);
      expect(entry.amount).toBe(32_000_000_000);
      expect(entry.fork_version).toBe('10000058');
      expect(entry.network_name).toBe('payd-devnet');
      expect(entry.withdrawal_credentials).toBe(`01${'00'.repeat(11)}${address.slice(2).toLowerCase()}`);
      expect(entry.pubkey).toBe(deriveValidatorKeys(DEVNET_MNEMONIC, 3 + k).pubkey);
    }
    expect(entries[0]!.pubkey).not.toBe(entries[1]!.pubkey);
    // and a deposit for one network does not verify as another's
    expect(explainDepositData(entries[0]!, 'mainnet')).toMatch(/not mainnet's genesis fork version/);
  });

  it('has an async form that gives the same entries', async () => {
    const args = {
      mnemonic: DEVNET_MNEMONIC,
      startIndex: 0,
      count: 2,
      withdrawalAddress: address,
      network: 'mainnet' as const,
    };
    expect(await createDepositDataAsync(args)).toEqual(createDepositData(args));
    await expect(createDepositDataAsync({ ...args, count: 0 })).rejects.toThrow(/count/);
  });

  it('signs other amounts and networks with their own fork version', () => {
    const [entry] = createDepositData({
      mnemonic: DEVNET_MNEMONIC,
      startIndex: 0,
      count: 1,
      withdrawalAddress: address,
      network: 'hoodi',
      amountGwei: 1_000_000_000n,
    });
    expect(entry!.amount).toBe(1_000_000_000);
    expect(entry!.fork_version).toBe('10000910');
    expect(verifyDepositData(entry!, 'hoodi')).toBe(true);
  });

  it('refuses bad input', () => {
    const base = {
      mnemonic: DEVNET_MNEMONIC,
      startIndex: 0,
      count: 1,
      withdrawalAddress: address,
      network: 'mainnet' as const,
    };
    expect(() => createDepositData({ ...base, mnemonic: 'margin tank lunch' })).toThrow(/invalid mnemonic/);
    expect(() => createDepositData({ ...base, count: 0 })).toThrow(/count/);
    expect(() => createDepositData({ ...base, amountGwei: 999_999_999n })).toThrow(/between 1 and 2048 ETH/);
    expect(() => createDepositData({ ...base, amountGwei: 2_048_000_000_001n })).toThrow(
      /between 1 and 2048 ETH/,
    );
    expect(() => createDepositData({ ...base, withdrawalAddress: '0x1234' })).toThrow(/40 hex/);
    expect(() => createDepositData({ ...base, network: 'goerli' as never })).toThrow(/unknown network/);
  });
});

describe('tampered deposit data is rejected', () => {
  const entry = load('published-mainnet-eth-staking-smith-0x01.json')[0]!;
  const flip = (hex: string, at = 10) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

  it.each([
    [
      'pubkey',
      { pubkey: toHex(secretKeyToPublicKey(deriveValidatorKeys(DEVNET_MNEMONIC, 0).signingKey)) },
      /root does not match/,
    ],
    [
      'withdrawal_credentials',
      { withdrawal_credentials: flip(entry.withdrawal_credentials, 40) },
      /deposit_message_root/,
    ],
    ['amount', { amount: 31_000_000_000 }, /deposit_message_root/],
    ['signature', { signature: flip(entry.signature, 150) }, /deposit_data_root|signature/],
    [
      'deposit_message_root',
      { deposit_message_root: flip(entry.deposit_message_root) },
      /deposit_message_root/,
    ],
    ['deposit_data_root', { deposit_data_root: flip(entry.deposit_data_root) }, /deposit_data_root/],
    ['fork_version', { fork_version: '01017000' }, /signature does not verify/],
    ['amount below 1 ETH', { amount: 999_999_999 }, /minimum/],
    ['short pubkey', { pubkey: entry.pubkey.slice(2) }, /48 bytes/],
  ] as const)('%s', (_name, change, reason) => {
    const tampered = { ...entry, ...change } as DepositDataEntry;
    expect(verifyDepositData(tampered)).toBe(false);
    expect(explainDepositData(tampered)).toMatch(reason);
  });

  it('rejects an entry with honestly recomputed roots around someone else’s signature', () => {
    // only the BLS check can catch this one
    const other = load('published-mainnet-stakewise-lido.json')[0]!;
    const signature = fromHex(other.signature);
    const tampered = {
      ...entry,
      signature: other.signature,
      deposit_data_root: toHex(
        hashTreeRootDepositData({
          pubkey: fromHex(entry.pubkey),
          withdrawal_credentials: fromHex(entry.withdrawal_credentials),
          amount: BigInt(entry.amount),
          signature,
        }),
      ),
    };
    expect(explainDepositData(tampered)).toMatch(/signature does not verify/);
  });
});

describe('withdrawal addresses', () => {
  it('accepts lowercase, uppercase and valid EIP-55 checksums', () => {
    expect(toHex(parseExecutionAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'))).toBe(
      '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    );
    expect(() => parseExecutionAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).not.toThrow();
    expect(() => parseExecutionAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).not.toThrow();
    expect(() => parseExecutionAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).not.toThrow();
  });

  it('rejects a broken checksum and non-addresses', () => {
    expect(() => parseExecutionAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toThrow(/checksum/);
    expect(() => parseExecutionAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toThrow(/40 hex/);
    expect(() => parseExecutionAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg')).toThrow(/40 hex/);
  });
});
