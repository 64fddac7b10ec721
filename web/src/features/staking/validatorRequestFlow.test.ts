import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../api/fakeApi.ts';
import { checkValidatorRequest } from './validatorRequestFlow.ts';

describe('CheckValidatorRequest call', () => {
  it('sends the body to Eth2Wallet and returns the data', async () => {
    const calls: unknown[] = [];
    const api = fakeApi((service, method, body) => {
      calls.push({ service, method, body });
      return { data: { Processed: true } };
    });
    const body = { walletAddress: '0xa', kind: 'exit' as const, pubkey: '0xb' };
    expect(await checkValidatorRequest(api, body)).toEqual({ Processed: true });
    expect(calls).toEqual([{ service: 'Eth2Wallet', method: 'CheckValidatorRequest', body }]);
  });
});
