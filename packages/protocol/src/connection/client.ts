// The viem public client the data layer reads through: reads made within 10 ms are batched into one
// multicall (one eth_call up to READ_BATCH_MAX_BYTES of calldata, a whole store refresh), and an optional websocket reopens 10 s after it drops.
import { createPublicClient, defineChain, http, webSocket, type PublicClient, type Transport } from 'viem';
import { READ_BATCH_DELAY_MS, READ_BATCH_MAX_BYTES, WEBSOCKET_RETRY_MS } from '../model/constants.ts';
import { multicallAddress, type ProtocolDeployment } from './deployment.ts';

export interface ProtocolClientParameters {
  deployment: ProtocolDeployment;
  /** JSON-RPC over HTTP. */
  rpcUrl: string;
  /** Optional websocket for new-block events (and reads); reopened 10 s after it drops. */
  wsUrl?: string;
  /** Called for every HTTP request sent (monitoring, and counting requests per refresh). */
  onFetchRequest?: (request: Request) => void;
}

/** A public client for `deployment`'s chain with multicall batching of reads. */
export function createProtocolClient(params: ProtocolClientParameters): PublicClient {
  const { deployment } = params;
  const chain = defineChain({
    id: deployment.chainId,
    name: `payd chain ${deployment.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [params.rpcUrl], ...(params.wsUrl && { webSocket: [params.wsUrl] }) } },
    contracts: { multicall3: { address: multicallAddress(deployment) } },
  });
  const transport: Transport = params.wsUrl
    ? webSocket(params.wsUrl, { reconnect: { delay: WEBSOCKET_RETRY_MS, attempts: Number.MAX_SAFE_INTEGER } })
    : http(params.rpcUrl, {
        // viem takes a returned value as the request's init, so the callback's result is dropped
        onFetchRequest: (request) => {
          params.onFetchRequest?.(request);
        },
      });
  return createPublicClient({
    chain,
    transport,
    batch: { multicall: { wait: READ_BATCH_DELAY_MS, batchSize: READ_BATCH_MAX_BYTES } },
    pollingInterval: 1000,
  }) as PublicClient;
}
