// The read-only protocol connection the payments part uses (prices, payment transactions): the
// deployment of contracts/deployments/<chainId>.json over RPC_URL. Null when there is none.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  connectReadOnly,
  createProtocolClient,
  type ProtocolDeployment,
  type ReadOnlyConnection,
} from '@payd/protocol';
import { repoRoot } from '../../config.ts';

export type ChainSource = () => Promise<ReadOnlyConnection | null>;

export function deploymentFile(chainId: number): ProtocolDeployment | null {
  const file = join(repoRoot, `contracts/deployments/${chainId}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProtocolDeployment) : null;
}

/** A memoised connection; a failed attempt is retried on the next call. */
export function chainSource(rpcUrl: string, deployment: ProtocolDeployment | null): ChainSource {
  let pending: Promise<ReadOnlyConnection | null> | undefined;
  return () => {
    if (!deployment) return Promise.resolve(null);
    pending ??= connectReadOnly({
      publicClient: createProtocolClient({ deployment, rpcUrl }),
      deployment,
    }).catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
}
