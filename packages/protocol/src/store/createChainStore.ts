// The store wired to a chain connection: reads the base state in one multicall, derives the rest
// without I/O, and reloads on new blocks.
import type { ProtocolConnection } from '../connection/connection.ts';
import { deriveState } from '../model/derivedState.ts';
import { StateReader } from '../reads/readState.ts';
import { ProtocolStore, type ProtocolStoreParameters } from './ProtocolStore.ts';
import type { BaseState, StoreState } from './storeState.ts';

export type ChainStoreParameters = Pick<
  ProtocolStoreParameters<StoreState>,
  'refreshIntervalMs' | 'onError'
> & {
  /** Follow new blocks (default true); without it the store reloads on its timer and on demand. */
  watchBlocks?: boolean;
};

/** Adds the derived fields (cache after redistribution, fees with recovery mode, rates, ...). */
export function withDerivedState(base: BaseState): StoreState {
  return { ...base, ...deriveState(base) };
}

/** A store over `connection`; call `start()` to load it. */
export function createChainStore(
  connection: ProtocolConnection,
  params: ChainStoreParameters = {},
): ProtocolStore<StoreState> {
  const reader = new StateReader(connection);
  const { watchBlocks = true, ...rest } = params;
  return new ProtocolStore<StoreState>({
    ...rest,
    load: async () => withDerivedState(await reader.read()),
    ...(watchBlocks && {
      watchBlocks: (onBlock: () => void) =>
        connection.publicClient.watchBlockNumber({ onBlockNumber: () => onBlock(), emitOnBegin: false }),
    }),
  });
}
