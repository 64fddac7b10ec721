import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import { checkValidatorRequest } from './validatorRequestFlow.ts';

describe('CheckValidatorRequest call', () => {
  it('sends the body to Eth2Wallet and returns the data', async () => {
    const calls: unknown[] = [];
    const api = {
      call: async (service: string, method: string, body: unknown) => {
        calls.push({ service, method, body });
        return { data: { Processed: true } };
      },
    } as unknown as ApiClient;
    const body = { walletAddress: '0xa', kind: 'exit' as const, pubkey: '0xb' };
    expect(await checkValidatorRequest(api, body)).toEqual({ Processed: true });
    expect(calls).toEqual([{ service: 'Eth2Wallet', method: 'CheckValidatorRequest', body }]);
  });
});
