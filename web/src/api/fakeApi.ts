// A stand-in API client for unit tests: every call, whether through a contract's reference or by
// its two names, reaches `answer(service, method, body)`; what it returns is the reply body.
import type { MethodRef } from '@payd/schemas';
import type { ApiClient } from './client.ts';

export type FakeAnswer = (service: string, method: string, body: never) => unknown;

export function fakeApi(answer: FakeAnswer): ApiClient {
  return {
    call: (async (...args: unknown[]) => {
      const [service, method, body] = (
        typeof args[0] === 'string'
          ? args
          : [(args[0] as MethodRef).service, (args[0] as MethodRef).method, args[1]]
      ) as [string, string, never];
      return answer(service, method, body ?? ({} as never));
    }) as ApiClient['call'],
    renew: () => Promise.reject(new Error('fakeApi: no renewal')),
  };
}
