// The light public client of the lending pages: the same chain, transport, 10 ms multicall batching
// and polling as createProtocolClient, with only the read actions this package calls on a client
// (readClient.test.ts checks the list against the sources). viem's full public client brings every
// public action (signature checks with @noble/curves and ox, filters, fee estimates); the writes
// and the payment reads call theirs (estimateContractGas, simulateContract) as functions.
import { createClient, type PublicClient } from 'viem';
import {
  call,
  getBlock,
  getBlockNumber,
  getChainId,
  getCode,
  getContractEvents,
  getLogs,
  getStorageAt,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
  multicall,
  readContract,
  watchBlockNumber,
} from 'viem/actions';
import { READ_BATCH_DELAY_MS, READ_BATCH_MAX_BYTES } from '../model/constants.ts';
import { protocolChain, protocolTransport, type ProtocolClientParameters } from './transport.ts';

/** The actions the read client carries, by the name viem's public client gives them. */
export const READ_CLIENT_ACTIONS = {
  call,
  getBlock,
  getBlockNumber,
  getChainId,
  getCode,
  getContractEvents,
  getLogs,
  getStorageAt,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
  multicall,
  readContract,
  watchBlockNumber,
} as const;

/**
 * A public client with the read actions only. Typed as viem's PublicClient so that connections
 * take it; the actions it lacks (verifyMessage, createEventFilter, ...) are never called here.
 */
export function createProtocolReadClient(params: ProtocolClientParameters): PublicClient {
  const client = createClient({
    chain: protocolChain(params),
    transport: protocolTransport(params),
    batch: { multicall: { wait: READ_BATCH_DELAY_MS, batchSize: READ_BATCH_MAX_BYTES } },
    pollingInterval: 1000,
    type: 'publicClient',
  });
  const actions = Object.fromEntries(
    Object.entries(READ_CLIENT_ACTIONS).map(([name, action]) => [
      name,
      (args: never) => (action as (c: typeof client, a: never) => unknown)(client, args),
    ]),
  );
  return client.extend(() => actions) as unknown as PublicClient;
}
