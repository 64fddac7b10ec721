import * as protocolWrites from '@payd/protocol/writes';
import type { ProtocolConnection } from '@payd/protocol';
import { describe, expect, it } from 'vitest';
import * as onUse from './writes.ts';

type AnyWrite = (...args: unknown[]) => unknown;

/** The error a call ends with (thrown at once or rejected), as its message. */
async function failureOf(call: () => unknown): Promise<string> {
  try {
    await call();
    return 'no error';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

describe('lending writes loaded on use', () => {
  it('wraps every write of @payd/protocol/writes and nothing else', () => {
    const wrapped = Object.keys(onUse).filter((n) => n !== 'loadWrites');
    expect(wrapped.sort()).toEqual(Object.keys(protocolWrites).sort());
  });

  it('loads the @payd/protocol/writes module itself, once', async () => {
    expect(await onUse.loadWrites()).toBe(protocolWrites);
    expect(onUse.loadWrites()).toBe(onUse.loadWrites());
  });

  it('calls the @payd/protocol function of the same name', async () => {
    // A read-only connection: every write refuses it ('Must be connected through a Signer') or
    // fails on its missing client the same way whether called directly or through the wrapper.
    const readOnly = { kind: 'readOnly', chainId: 88, deployment: {} } as unknown as ProtocolConnection;
    for (const name of Object.keys(protocolWrites) as (keyof typeof protocolWrites)[]) {
      const direct = await failureOf(() => (protocolWrites[name] as AnyWrite)(readOnly, 1, 1));
      const lazy = await failureOf(() => (onUse[name] as AnyWrite)(readOnly, 1, 1));
      expect([name, lazy]).toEqual([name, direct]);
      expect(direct).not.toBe('no error');
    }
  });
});
