// The app's one connection to the payd contracts (issue 26): one protocol read client per
// deployment and RPC endpoint (@payd/protocol's createProtocolReadClient, shared by every page),
// signing through the connected wagmi wallet (the dev wallet and injected wallets alike) or
// read-only. The lending store, the stake deposit, the validator requests and the wallet payments
// all connect here. wagmi's wallet actions load on the first signing connection, not with the page.
import type { Address, PublicClient, WalletClient } from 'viem';
import type { Config } from 'wagmi';
import { i18n } from '../../i18n/language.ts';
import {
  connectReadOnly,
  connectSigner,
  createProtocolReadClient,
  UnsupportedNetworkError,
  type ProtocolConnection,
  type ProtocolDeployment,
  type ReadOnlyConnection,
  type SignerConnection,
} from '@payd/protocol';
import type { AppConfig } from '../config.ts';
import { loadDeployment } from './deployment.ts';

export interface ChainEndpoints {
  rpcUrl: string;
  wsUrl?: string;
}

/** The configured chain's JSON-RPC (and websocket) URL; the dev chain's RPC when none is set. */
export function chainEndpoints(config: AppConfig): ChainEndpoints {
  const chain = config.chains[String(config.chainId)];
  return { rpcUrl: chain?.rpcUrl || config.devRPC, wsUrl: chain?.wsUrl || undefined };
}

const clients = new Map<string, PublicClient>();

/** The one read client of `deployment`'s chain over `endpoints`. */
export function chainClient(deployment: ProtocolDeployment, endpoints: ChainEndpoints): PublicClient {
  const key = `${deployment.chainId}|${endpoints.rpcUrl}|${endpoints.wsUrl ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = createProtocolReadClient({ deployment, ...endpoints });
    clients.set(key, client);
  }
  return client;
}

/** The connected wallet's client (of `account` when given), or undefined when none can sign. */
export async function connectedWalletClient(
  wagmiConfig: Config,
  options: { account?: Address; chainId?: number } = {},
): Promise<WalletClient | undefined> {
  const { getWalletClient } = await import('wagmi/actions');
  const client = await getWalletClient(wagmiConfig, { chainId: options.chainId }).catch(() => undefined);
  if (options.account && client?.account?.address !== options.account) return undefined;
  return client;
}

export interface ProtocolConnectParameters {
  deployment: ProtocolDeployment;
  endpoints: ChainEndpoints;
  /** The connected wallet; without it the connection is read-only. */
  walletClient?: WalletClient;
  /** The account a read-only connection reads for. */
  account?: Address;
  frontendTag?: Address;
}

/** A protocol connection on the chain's one read client: signing when a wallet client is given. */
export async function connectProtocol(p: ProtocolConnectParameters): Promise<ProtocolConnection> {
  const publicClient = chainClient(p.deployment, p.endpoints);
  const { deployment, frontendTag } = p;
  return p.walletClient
    ? connectSigner({ walletClient: p.walletClient, publicClient, deployment, frontendTag })
    : connectReadOnly({ publicClient, deployment, userAddress: p.account, frontendTag });
}

/** What a page needs to connect: the app's configuration and wagmi's, with the wallet. */
export interface ChainAccess {
  config: AppConfig;
  wagmiConfig: Config;
  /** The wallet's chain, when the page knows it. */
  chainId?: number;
}

/** The deployment of the configured chain; `unavailable` (or the protocol's words) when it has none. */
async function configuredDeployment(config: AppConfig, unavailable?: string): Promise<ProtocolDeployment> {
  const deployment = await loadDeployment();
  if (deployment?.chainId === config.chainId) return deployment;
  throw unavailable ? new Error(unavailable) : new UnsupportedNetworkError(config.chainId);
}

/** A signing connection through the connected wallet; refused with a message a page can show. */
export async function connectWallet(
  access: ChainAccess,
  messages: { unavailable?: string } = {},
): Promise<SignerConnection> {
  const walletClient = await connectedWalletClient(access.wagmiConfig, { chainId: access.chainId });
  if (!walletClient) throw new Error(i18n._('framework.wallet.connectFirst'));
  const deployment = await configuredDeployment(access.config, messages.unavailable);
  const connection = await connectProtocol({
    deployment,
    endpoints: chainEndpoints(access.config),
    walletClient,
  });
  return connection as SignerConnection;
}

/** A read-only connection of the configured chain. */
export async function connectReader(config: AppConfig): Promise<ReadOnlyConnection> {
  const deployment = await configuredDeployment(config);
  return (await connectProtocol({ deployment, endpoints: chainEndpoints(config) })) as ReadOnlyConnection;
}
