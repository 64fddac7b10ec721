// The chain of the browser's wallet without loading wagmi: the login page only needs its id.
import { DEV_CHAIN_ID } from '@payd/schemas';
import { useEffect, useState } from 'react';
import { devWalletConnected } from './devWalletKey.ts';

interface Eip1193 {
  request(args: { method: string }): Promise<unknown>;
  on?(event: string, listener: (v: unknown) => void): void;
  removeListener?(event: string, listener: (v: unknown) => void): void;
}

export function injectedProvider(): Eip1193 | null {
  return ((window as unknown as { ethereum?: Eip1193 }).ethereum ?? null) as Eip1193 | null;
}

export function useWalletChainId(configChainId: number): number | null {
  const [chainId, setChainId] = useState<number | null>(() =>
    configChainId === DEV_CHAIN_ID && devWalletConnected() ? DEV_CHAIN_ID : null,
  );
  useEffect(() => {
    if (configChainId === DEV_CHAIN_ID && devWalletConnected()) return;
    const eth = injectedProvider();
    if (!eth) return;
    const onChain = (v: unknown) => setChainId(Number(v) || null);
    eth
      .request({ method: 'eth_accounts' })
      .then((accounts) =>
        (accounts as string[]).length ? eth.request({ method: 'eth_chainId' }).then(onChain) : undefined,
      )
      .catch(() => undefined);
    eth.on?.('chainChanged', onChain);
    return () => eth.removeListener?.('chainChanged', onChain);
  }, [configChainId]);
  return chainId;
}
