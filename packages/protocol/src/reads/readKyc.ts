// The KYC manager's reads (spec 000 'Access control'): whether an address may act in the protocol,
// and its recorded status. The lending pages ask them of the connected wallet before anything can
// be sent; they use the read slice of KycManager's ABI (abi/readAbis.ts), the statuses' writes
// (writes/kyc.ts) the whole ABI.
import { getAddress, type Address } from 'viem';
import { kycManagerAbi } from '../abi/readAbis.ts';
import type { ProtocolConnection } from '../connection/connection.ts';

/** KycManager.Status, in the contract's order. */
export const KYC_STATUSES = ['None', 'Pending', 'Approved', 'Suspended', 'Closed'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The address's KYC status as recorded ('None' for an address never seen). */
export async function getKycStatus(connection: ProtocolConnection, account: Address): Promise<KycStatus> {
  const n = await connection.publicClient.readContract({
    address: connection.deployment.addresses.kycManager,
    abi: kycManagerAbi,
    functionName: 'statusOf',
    args: [getAddress(account)],
  });
  const status = KYC_STATUSES[Number(n)];
  if (!status) throw new RangeError(`Unknown KYC status ${String(n)}`);
  return status;
}

/** Whether the address may act in the protocol: Approved and the manager not paused. */
export function isKycApproved(connection: ProtocolConnection, account: Address): Promise<boolean> {
  return connection.publicClient.readContract({
    address: connection.deployment.addresses.kycManager,
    abi: kycManagerAbi,
    functionName: 'isApproved',
    args: [getAddress(account)],
  });
}
