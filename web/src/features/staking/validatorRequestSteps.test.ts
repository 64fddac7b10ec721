import { describe, expect, it } from 'vitest';
import {
  validatorRequestFieldMessages,
  validatorRequestMessages,
  type CheckValidatorRequestReply,
  type CheckValidatorRequestRequest,
} from '@payd/schemas';
import { prepareRequest, sendPrepared, type RequestIo } from './validatorRequestSteps.ts';
import { validatorRequestTexts } from './validatorRequestRules.ts';

const ADDR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const KEY = `0x${'ab'.repeat(48)}`;
const TARGET = `0x${'cd'.repeat(48)}`;
const row = { PubKey5: KEY, WithdrawalKind5: '0x02', ValidatorStatusCd5: '3' };
const form = { targetPubkey: null, amountText: '' };

const reply = (over: Partial<CheckValidatorRequestReply> = {}): CheckValidatorRequestReply => ({
  Kind: 'exit',
  PubKey: KEY,
  TargetPubKey: null,
  Processed: true,
  Reason: null,
  BySpec: null,
  Message: validatorRequestMessages.processed,
  HeadEpoch: '1000',
  AllowedFromEpoch: null,
  AllowedFromUtc: null,
  WithdrawableGwei: null,
  WithdrawalAddress: ADDR,
  ...over,
});

function io(answer: CheckValidatorRequestReply | Error) {
  const asked: { checks: CheckValidatorRequestRequest[]; quotes: string[] } = { checks: [], quotes: [] };
  const d: RequestIo = {
    check: async (body) => {
      asked.checks.push(body);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    quote: async (kind) => {
      asked.quotes.push(kind);
      return { fee: 1n, value: 2n };
    },
  };
  return { d, asked };
}

describe('a validator request modal before the fee', () => {
  it('checks on the server, then quotes the fee of the request kind', async () => {
    const { d, asked } = io(reply());
    expect(await prepareRequest(d, 'exit', ADDR, row, form)).toEqual({
      stage: 'ready',
      reply: reply(),
      quote: { fee: 1n, value: 2n },
    });
    expect(asked).toEqual({ checks: [{ walletAddress: ADDR, kind: 'exit', pubkey: KEY }], quotes: ['exit'] });
  });

  it('shows the reason and quotes nothing when the beacon chain would ignore the request', async () => {
    const refused = reply({ Processed: false, Reason: 'activeTooShort', Message: 'young' });
    const { d, asked } = io(refused);
    expect(await prepareRequest(d, 'exit', ADDR, row, form)).toEqual({ stage: 'refused', reply: refused });
    expect(asked.quotes).toEqual([]);
  });

  it('asks for the wallet of the withdrawal address before anything', async () => {
    const { d, asked } = io(reply());
    expect(await prepareRequest(d, 'exit', undefined, row, form)).toEqual({
      stage: 'form',
      error: validatorRequestMessages.noWallet,
    });
    const other = reply({ WithdrawalAddress: `0x${'11'.repeat(20)}` });
    expect(await prepareRequest(io(other).d, 'exit', ADDR, row, form)).toMatchObject({
      stage: 'wrongWallet',
      message: validatorRequestMessages.wrongWallet(`0x${'11'.repeat(20)}`),
    });
    expect(asked.checks).toEqual([]);
  });

  it('needs a target and an amount in ETH where the kind takes them', async () => {
    const { d, asked } = io(reply());
    expect(await prepareRequest(d, 'consolidation', ADDR, row, form)).toEqual({
      stage: 'form',
      error: validatorRequestFieldMessages.target,
    });
    expect(await prepareRequest(d, 'partialWithdrawal', ADDR, row, { ...form, amountText: '1.5.0' })).toEqual(
      {
        stage: 'form',
        error: validatorRequestFieldMessages.amount,
      },
    );
    await prepareRequest(d, 'partialWithdrawal', ADDR, row, { ...form, amountText: '20.5' });
    await prepareRequest(d, 'consolidation', ADDR, row, { ...form, targetPubkey: TARGET });
    expect(asked.checks).toEqual([
      { walletAddress: ADDR, kind: 'partialWithdrawal', pubkey: KEY, amountGwei: '20500000000' },
      { walletAddress: ADDR, kind: 'consolidation', pubkey: KEY, targetPubkey: TARGET },
    ]);
  });

  it('says so when the fee cannot be read, and when the server fails', async () => {
    const d: RequestIo = {
      check: async () => reply(),
      quote: async () => Promise.reject(new Error('no code')),
    };
    expect(await prepareRequest(d, 'upgrade', ADDR, row, form)).toEqual({
      stage: 'failed',
      message: `${validatorRequestTexts.feeUnavailable} (no code)`,
      feeError: 'no code',
    });
    expect(
      await prepareRequest(io(new Error('The beacon node is not available.')).d, 'upgrade', ADDR, row, form),
    ).toEqual({
      stage: 'failed',
      message: 'The beacon node is not available.',
    });
  });
});

describe('sending a ready request', () => {
  it('sends the quoted value and keeps the hash', async () => {
    const sent: bigint[] = [];
    const ready = { stage: 'ready' as const, reply: reply(), quote: { fee: 10n, value: 15n } };
    expect(
      await sendPrepared(async (value) => {
        sent.push(value);
        return '0xhash';
      }, ready),
    ).toEqual({ stage: 'sent', reply: reply(), hash: '0xhash' });
    expect(sent).toEqual([15n]);
    expect(await sendPrepared(async () => Promise.reject(new Error('User rejected')), ready)).toEqual({
      stage: 'failed',
      message: 'User rejected',
    });
  });
});
