// The viem public client the data layer reads through: reads made within 10 ms are batched into one
// multicall (one eth_call up to READ_BATCH_MAX_BYTES of calldata, a whole store refresh), and an
// optional websocket reopens 10 s after it drops.
import { createPublicClient, type PublicClient } from 'viem';
import { READ_BATCH_DELAY_MS, READ_BATCH_MAX_BYTES } from '../model/constants.ts';
import { protocolChain, protocolTransport, type ProtocolClientParameters } from './transport.ts';

export type { ProtocolClientParameters } from './transport.ts';

/** A public client for `deployment`'s chain with multicall batching of reads (every public action). */
export function createProtocolClient(params: ProtocolClientParameters): PublicClient {
  return createPublicClient({
    chain: protocolChain(params),
    transport: protocolTransport(params),
    batch: { multicall: { wait: READ_BATCH_DELAY_MS, batchSize: READ_BATCH_MAX_BYTES } },
    pollingInterval: 1000,
  }) as PublicClient;
}
