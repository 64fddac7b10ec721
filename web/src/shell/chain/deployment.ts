// The protocol deployment of the configured chain, served by the API at /deployment.json (the
// same file contracts/deployments/<chainId>.json the server reads). Loaded once, by the first page
// that talks to the contracts (lending, the staking deposit, a wallet payment), never on /login.
import type { ProtocolDeployment } from '@payd/protocol';

export const DEPLOYMENT_PATH = '/deployment.json';

let loading: Promise<ProtocolDeployment | undefined> | undefined;

/** The deployment, or undefined when the configured chain has none (the pages say so). */
export function loadDeployment(fetchFn: typeof fetch = fetch): Promise<ProtocolDeployment | undefined> {
  loading ??= fetchFn(DEPLOYMENT_PATH, { cache: 'no-store' })
    .then(async (res) => (res.ok ? ((await res.json()) as ProtocolDeployment) : undefined))
    .catch(() => {
      loading = undefined; // try again on the next page
      return undefined;
    });
  return loading;
}
