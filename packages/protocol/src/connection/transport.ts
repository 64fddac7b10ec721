// The chain and transport of the protocol's public clients (client.ts: every public action;
// readClient.ts: the reads only). A module of its own so that the read client's chunk does not
// carry createPublicClient, which brings every public action.
import { defineChain, http, webSocket, type Chain, type Transport } from 'viem';
import { WEBSOCKET_RETRY_MS } from '../model/constants.ts';
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

/** The chain of `deployment` with its RPC URLs and multicall3 address. */
export function protocolChain(params: ProtocolClientParameters): Chain {
  const { deployment } = params;
  return defineChain({
    id: deployment.chainId,
    name: `payd chain ${deployment.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [params.rpcUrl], ...(params.wsUrl && { webSocket: [params.wsUrl] }) } },
    contracts: { multicall3: { address: multicallAddress(deployment) } },
  });
}

/** The websocket transport when `wsUrl` is given (reopened after 10 s), else HTTP. */
export function protocolTransport(params: ProtocolClientParameters): Transport {
  return params.wsUrl
    ? webSocket(params.wsUrl, { reconnect: { delay: WEBSOCKET_RETRY_MS, attempts: Number.MAX_SAFE_INTEGER } })
    : http(params.rpcUrl, {
        // viem takes a returned value as the request's init, so the callback's result is dropped
        onFetchRequest: (request) => {
          params.onFetchRequest?.(request);
        },
      });
}
