// Connections: read-only (a public client) or through a signer (a wallet client), with the rules on
// the user and frontend addresses of spec 000 section 5.
import { getAddress, type Account, type Address, type PublicClient, type WalletClient } from 'viem';
import {
  FrontendAddressRequiredError,
  SignerRequiredError,
  SignerWithoutProviderError,
  UserAddressOverrideError,
  UserAddressRequiredError,
} from '../errors/errors.ts';
import { checkDeployment, type ProtocolDeployment } from './deployment.ts';

export interface ReadOnlyConnection {
  kind: 'readOnly';
  chainId: number;
  deployment: ProtocolDeployment;
  publicClient: PublicClient;
  /** Whose records per-user reads return. */
  userAddress?: Address;
  /** Frontend whose status frontend reads return. */
  frontendTag?: Address;
}

export interface SignerConnection extends Omit<ReadOnlyConnection, 'kind' | 'userAddress'> {
  kind: 'signer';
  walletClient: WalletClient;
  account: Account | Address;
  /** The signer's address; per-user reads are always about it. */
  userAddress: Address;
}

export type ProtocolConnection = ReadOnlyConnection | SignerConnection;

export interface ConnectReadOnlyParameters {
  publicClient: PublicClient;
  /** The deployment for the node's chain (contracts/deployments/<chainId>.json). */
  deployment: ProtocolDeployment | undefined;
  userAddress?: Address;
  frontendTag?: Address;
}

/** Connects for reading only; fails with 'Unsupported network (chainId = n)' on other chains. */
export async function connectReadOnly(params: ConnectReadOnlyParameters): Promise<ReadOnlyConnection> {
  const chainId = await params.publicClient.getChainId();
  return {
    kind: 'readOnly',
    chainId,
    deployment: checkDeployment(chainId, params.deployment),
    publicClient: params.publicClient,
    ...(params.userAddress && { userAddress: getAddress(params.userAddress) }),
    ...(params.frontendTag && { frontendTag: getAddress(params.frontendTag) }),
  };
}

export interface ConnectSignerParameters {
  walletClient: WalletClient;
  /** Reads go through it; without it the signer cannot read ('Signer must have a Provider'). */
  publicClient?: PublicClient;
  deployment: ProtocolDeployment | undefined;
  /** Not allowed: the user is the signer. */
  userAddress?: Address;
  frontendTag?: Address;
}

/** Connects through a signer, which can also send transactions. */
export async function connectSigner(params: ConnectSignerParameters): Promise<SignerConnection> {
  if (params.userAddress !== undefined) throw new UserAddressOverrideError();
  if (!params.publicClient) throw new SignerWithoutProviderError();
  const account = params.walletClient.account ?? (await params.walletClient.getAddresses())[0];
  if (!account) throw new UserAddressRequiredError();
  const chainId = await params.publicClient.getChainId();
  return {
    kind: 'signer',
    chainId,
    deployment: checkDeployment(chainId, params.deployment),
    publicClient: params.publicClient,
    walletClient: params.walletClient,
    account,
    userAddress: getAddress(typeof account === 'string' ? account : account.address),
    ...(params.frontendTag && { frontendTag: getAddress(params.frontendTag) }),
  };
}

/** The user address of a connection, or 'A user address is required'. */
export function requireUserAddress(connection: ProtocolConnection, override?: Address): Address {
  const address = override ?? connection.userAddress;
  if (!address) throw new UserAddressRequiredError();
  return address;
}

/** The frontend address of a connection, or 'A frontend address is required'. */
export function requireFrontendAddress(connection: ProtocolConnection): Address {
  if (!connection.frontendTag) throw new FrontendAddressRequiredError();
  return connection.frontendTag;
}

/** The signer connection, or 'Must be connected through a Signer'. */
export function requireSigner(connection: ProtocolConnection): SignerConnection {
  if (connection.kind !== 'signer') throw new SignerRequiredError();
  return connection;
}
