// The execution-layer rewards the dev beacon reports arrive at the fee recipient on chain 88, once.
import { createDepositData } from '@payd/validator-keys';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBeaconTestbed, type BeaconTestbed } from './testing.ts';

const MNEMONIC = `${'abandon '.repeat(23)}art`;
/** Withdrawal address and so fee recipient: an address nothing else pays in these tests. */
const FEE_RECIPIENT = `0x${'7e'.repeat(20)}` as const;
const GWEI = 10n ** 9n;

interface ProposalJson {
  slot: string;
  execution_fees: string;
  mev: string;
  fee_recipient: string | null;
  transaction_hash: `0x${string}` | null;
  block_number: string | null;
}

let tb: BeaconTestbed;

async function reported(): Promise<ProposalJson[]> {
  const res = await fetch(`${tb.beacon.url}/payd/v1/rewards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ validators: ['0', '1'], from_epoch: '0', to_epoch: '99999999' }),
  });
  const { data } = (await res.json()) as { data: { proposals: ProposalJson[] }[] };
  return data.flatMap((v) => v.proposals);
}

const owed = (ps: ProposalJson[]) =>
  ps.reduce((s, p) => s + BigInt(p.execution_fees) + BigInt(p.mev), 0n) * GWEI;
const balance = () => tb.client.getBalance({ address: FEE_RECIPIENT });

describe('execution-layer rewards paid on chain 88', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    tb = await startBeaconTestbed();
    const entries = createDepositData({
      mnemonic: MNEMONIC,
      startIndex: 0,
      count: 2,
      withdrawalAddress: FEE_RECIPIENT,
      network: 'payd-devnet',
    });
    for (const e of entries) await tb.deposit(e);
  }, 120_000);
  afterAll(async () => {
    await tb?.close();
  }, 60_000);

  it('grows the fee recipient balance by exactly the fees and MEV reported, each paid once', async () => {
    expect(await balance()).toBe(0n);
    await tb.advance(12 * 3600);
    // Withdrawals are paid only on request here, so nothing else reaches the address. The node's
    // own round pays a proposal at the last slot of the advance a moment after it is reported.
    const proposals = await vi.waitFor(
      async () => {
        const ps = await reported();
        if (!ps.every((p) => p.transaction_hash !== null)) throw new Error('a proposal is not paid yet');
        return ps;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(proposals.length).toBeGreaterThanOrEqual(3);
    expect(proposals.every((p) => p.fee_recipient === FEE_RECIPIENT && p.transaction_hash !== null)).toBe(
      true,
    );
    expect(await balance()).toBe(owed(proposals));

    // Each payment is one transaction crediting fees + MEV to the fee recipient.
    const first = proposals[0]!;
    const at = BigInt(first.block_number!);
    const credited =
      (await tb.client.getBalance({ address: FEE_RECIPIENT, blockNumber: at })) -
      (await tb.client.getBalance({ address: FEE_RECIPIENT, blockNumber: at - 1n }));
    expect(credited).toBe((BigInt(first.execution_fees) + BigInt(first.mev)) * GWEI);

    // Nothing twice: not again, not after a restart of the node, not after the journal's replay.
    expect(await tb.beacon.node.payExecutionRewards()).toBe(0);
    await tb.restartBeacon();
    expect(await tb.beacon.node.payExecutionRewards()).toBe(0);
    await tb.restartAll();
    expect(await balance()).toBe(owed(proposals));
    expect(await tb.beacon.node.payExecutionRewards()).toBe(0);
    expect(await reported()).toEqual(proposals);

    // Later blocks are paid by the node's own round, and only they.
    await tb.advance(6 * 3600);
    const paidNow = await tb.beacon.node.payExecutionRewards();
    expect(paidNow).toBeGreaterThanOrEqual(2);
    const later = await reported();
    expect(later.length).toBe(proposals.length + paidNow);
    expect(await balance()).toBe(owed(later));
  });
});
