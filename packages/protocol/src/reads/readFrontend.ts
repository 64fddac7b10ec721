// Frontend operator status. Frontends cannot register on this deployment, so every frontend is
// 'unregistered'; the address rule still applies so callers behave the same once they can.
import { requireFrontendAddress, type ProtocolConnection } from '../connection/connection.ts';
import type { Address } from 'viem';
import type { FrontendStatus } from '../store/storeState.ts';

/** Status of `address` (the connection's frontend by default): 'A frontend address is required' without one. */
export async function getFrontendStatus(
  connection: ProtocolConnection,
  address?: Address,
): Promise<FrontendStatus> {
  if (!address) requireFrontendAddress(connection);
  return { status: 'unregistered' };
}
