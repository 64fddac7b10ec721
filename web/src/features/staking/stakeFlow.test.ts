import { LANGUAGES } from '@payd/i18n';
import { activateLanguage } from '../../i18n/language.ts';
import { describe, expect, it } from 'vitest';
import { createDepositData, generateMnemonic, getNetwork, type DepositDataEntry } from '@payd/validator-keys';
import { fakeApi } from '../../api/fakeApi.ts';
import type { PendingDeposit } from './pendingDeposit.ts';
import type { DepositArg, ValidatorRow } from './stakeRules.ts';
import {
  depositConfirmedMessage,
  prepareDeposits,
  sendDeposits,
  syncAfterDeposit,
  walletToStakeWith,
  type Hash,
} from './stakeFlow.ts';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const OTHER = '0x00000000000000000000000000000000000000b0';
const network = getNetwork(88);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const mnemonic = generateMnemonic();
const entries = createDepositData({ mnemonic, startIndex: 0, count: 3, withdrawalAddress: ADDR, network });
const row = (e: DepositDataEntry, i: number, status: string | null = null): ValidatorRow => ({
  Idx5: i,
  ValidatorStatusCd5: status,
  PubKey5: `0x${e.pubkey}`,
  DepositJson5: b64([e]),
});

/**
 * A fake Eth2Wallet service: one wallet list, and PrepareDeposits answering the validators it is
 * given (or failing with `refuses`), as the server does after creating what is missing.
 */
function fakeServer(opts: {
  wallets?: { key: string; label: string; mst: object }[];
  validators?: ValidatorRow[];
  /** PrepareDeposits fails with this message. */
  refuses?: string;
}) {
  const calls: string[] = [];
  const bodies: Record<string, unknown>[] = [];
  const api = fakeApi((service, method, sent) => {
    const body: Record<string, unknown> = sent;
    calls.push(`${service}.${method}`);
    if (method === 'GetEth2Wallet5List')
      return { data: (opts.wallets ?? []).map(({ key, label }) => ({ key, label })) };
    if (method === 'GetEth2Wallet5ById')
      return { data: opts.wallets?.find((w) => w.key === body.keyId)?.mst ?? null };
    if (method === 'PrepareDeposits') {
      bodies.push(body);
      if (opts.refuses) throw new Error(opts.refuses);
      return { data: { Eth2WalletId6: 7, Created: 0, Validators: opts.validators ?? [] } };
    }
    if (method === 'SyncValidators') {
      if (body.walletAddress === 'broken') throw new Error('sync down');
      return { data: { Validators: 1, NewHistory: 1 } };
    }
    throw new Error(`unexpected ${method}`);
  });
  return { api, calls, bodies };
}

const prepare = (over: Partial<Parameters<typeof prepareDeposits>[1]> = {}) => {
  const checked: number[] = [];
  return {
    checked,
    request: {
      validators: 2,
      withdrawalAddress: ADDR,
      chainId: 88,
      forkVersion: network.genesisForkVersion,
      onChecking: (n: number) => checked.push(n),
      ...over,
    },
  };
};

describe('Continue', () => {
  it('finds the saved wallet of the withdrawal address, whatever its case', async () => {
    const mst = { Eth2WalletId6: 7, NetworkId6: '88' };
    const s = fakeServer({ wallets: [{ key: '7', label: ADDR.toUpperCase().replace('0X', '0x'), mst }] });
    expect(await walletToStakeWith(s.api, ` ${ADDR} `, 88)).toEqual({ wallet: mst });
    expect(await walletToStakeWith(fakeServer({}).api, ADDR, 88)).toEqual({ wallet: null });
  });

  it('stops when that wallet was saved on another network', async () => {
    const mst = { Eth2WalletId6: 7, NetworkId6: '1' };
    const s = fakeServer({ wallets: [{ key: '7', label: ADDR, mst }] });
    expect(await walletToStakeWith(s.api, ADDR, 88)).toEqual({ otherNetwork: '1' });
  });
});

describe('Send ETH: preparing the deposit', () => {
  it('asks the server once for the validators and checks each deposit', async () => {
    const s = fakeServer({ validators: [row(entries[0]!, 0), row(entries[1]!, 1)] });
    const p = prepare();
    const r = await prepareDeposits(s.api, p.request);
    expect(s.calls).toEqual(['Eth2Wallet.PrepareDeposits']);
    expect(s.bodies).toEqual([
      { walletAddress: ADDR, networkId: 88, numberOfValidators: 2, kind: '0x01', amountEth: 32 },
    ]);
    expect('batch' in r && r.batch.pubkeys).toEqual(entries.slice(0, 2).map((e) => `0x${e.pubkey}`));
    expect(p.checked[0]).toBe(0);
    expect(p.checked.at(-1)).toBe(2);
  });

  it('refuses deposit data for another network or another withdrawal address', async () => {
    const s = fakeServer({ validators: [row(entries[0]!, 0), row(entries[1]!, 1)] });
    const refused = await prepareDeposits(s.api, prepare({ forkVersion: '00000000' }).request);
    expect('refused' in refused && String(refused.refused)).toMatch(/another network/);
    const elsewhere = createDepositData({
      mnemonic,
      startIndex: 0,
      count: 2,
      withdrawalAddress: OTHER,
      network,
    });
    const other = fakeServer({ validators: elsewhere.map((e, i) => row(e, i)) });
    const paysOther = await prepareDeposits(other.api, prepare().request);
    expect('refused' in paysOther && String(paysOther.refused)).toMatch(/another withdrawal address/);
  });

  it('throws when the server refuses, or offers fewer or more validators than asked, checking nothing', async () => {
    const message = 'The network of a wallet with validators cannot change';
    const p = prepare();
    await expect(prepareDeposits(fakeServer({ refuses: message }).api, p.request)).rejects.toThrow(message);
    const short = fakeServer({ validators: [row(entries[0]!, 0)] });
    await expect(prepareDeposits(short.api, p.request)).rejects.toThrow(/only 1 of 2/);
    const more = fakeServer({ validators: entries.map((e, i) => row(e, i)) });
    await expect(prepareDeposits(more.api, p.request)).rejects.toThrow(/3 validators were offered for 2/);
    expect(p.checked).toEqual([]);
  });

  it('asks nothing without a connected network', async () => {
    const s = fakeServer({});
    await expect(prepareDeposits(s.api, prepare({ chainId: undefined }).request)).rejects.toThrow();
    expect(s.calls).toEqual([]);
  });
});

describe('Send ETH: the transaction', () => {
  const batch = { deposits: [{ pubkey: '0x01' } as unknown as DepositArg] } as Parameters<
    typeof sendDeposits
  >[0]['batch'];
  const hash = `0x${'ab'.repeat(32)}` as Hash;

  it('writes the deposits through the status bar and keeps the sent deposit', async () => {
    const labels: string[] = [];
    const kept: PendingDeposit[] = [];
    const written: DepositArg[][] = [];
    const r = await sendDeposits({
      send: async (label, tx) => {
        labels.push(label);
        await tx();
        return 'confirmed';
      },
      write: async (d) => {
        written.push(d);
        return hash;
      },
      batch,
      validators: 2,
      withdrawalAddress: ADDR,
      chainId: 88,
      now: () => 1000,
      onSent: (p) => kept.push(p),
    });
    const sent = { hash, chainId: 88, validators: 2, withdrawalAddress: ADDR, sentAt: 1000 };
    expect(labels).toEqual(['Stake 64 ETH']);
    expect(written).toEqual([batch.deposits]);
    expect(kept).toEqual([sent]);
    expect(r).toEqual({ phase: 'confirmed', sent });
  });

  it('keeps nothing when the wallet refuses', async () => {
    const kept: PendingDeposit[] = [];
    const r = await sendDeposits({
      send: async (_label, tx) =>
        tx().then(
          () => 'confirmed' as const,
          () => 'cancelled' as const,
        ),
      write: async () => {
        throw new Error('User rejected the request');
      },
      batch,
      validators: 1,
      withdrawalAddress: ADDR,
      chainId: 88,
      now: () => 1,
      onSent: (p) => kept.push(p),
    });
    expect(r).toEqual({ phase: 'cancelled', sent: null });
    expect(kept).toEqual([]);
  });
});

describe('after the deposit', () => {
  const p: PendingDeposit = { hash: '0x01', chainId: 88, validators: 1, withdrawalAddress: ADDR, sentAt: 0 };

  it('syncs the withdrawal address, and only logs a failed sync', async () => {
    const s = fakeServer({});
    await syncAfterDeposit(s.api, p, '0xmd');
    expect(s.calls).toEqual(['Eth2Wallet.SyncValidators']);
    await expect(
      syncAfterDeposit(s.api, { ...p, withdrawalAddress: 'broken' }, '0xmd'),
    ).resolves.toBeUndefined();
  });

  it('says how much was staked, in the active language', async () => {
    await activateLanguage(LANGUAGES.find((l) => l.langCode === 'en')!);
    expect(depositConfirmedMessage({ ...p, validators: 2 })).toMatch(
      /^2 validators staked: 64 ETH deposited\./,
    );
    await activateLanguage(LANGUAGES.find((l) => l.langCode === 'de')!);
    expect(depositConfirmedMessage({ ...p, validators: 1 })).toMatch(
      /^1 Validator gestakt: 32 ETH eingezahlt\./,
    );
    await activateLanguage(LANGUAGES.find((l) => l.langCode === 'en')!);
  });
});
