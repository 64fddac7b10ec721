import { describe, expect, it } from 'vitest';
import { fakeApi as answeringApi } from '../../api/fakeApi.ts';
import { exitValidator, revealMnemonic } from './manageValidatorFlow.ts';

const ADDR = '0x8ba1f109551bd432803012645ac136ddd64dba72';

function fakeApi(reply: unknown) {
  const calls: unknown[] = [];
  const api = answeringApi((service, method, body) => {
    calls.push({ service, method, body });
    if (reply instanceof Error) throw reply;
    return { data: reply };
  });
  return { api, calls };
}

describe('manage validator calls', () => {
  it('reveals the wallet words of the withdrawal address', async () => {
    const a = fakeApi({ mst: { Mnemonic: 'abandon ability' } });
    expect(await revealMnemonic(a.api, ADDR)).toBe('abandon ability');
    expect(a.calls).toEqual([
      { service: 'Eth2Wallet', method: 'DisplayMnemonic', body: { walletAddress: ADDR } },
    ]);
  });

  it('passes a refusal on (an old sign-in is asked to confirm)', async () => {
    await expect(revealMnemonic(fakeApi(new Error('reauth_required')).api, ADDR)).rejects.toThrow(
      'reauth_required',
    );
  });

  it('exits one validator by its public key', async () => {
    const a = fakeApi({});
    await exitValidator(a.api, ADDR, '0xabc');
    expect(a.calls).toEqual([
      { service: 'Eth2Wallet', method: 'WithdrawValidator', body: { walletAddress: ADDR, pubkey: '0xabc' } },
    ]);
  });
});
