// The KYC manager (spec 000 'Access control'): the statuses the payd server's admin key sets for a
// customer's registered wallet, and the reads that say whether an address may act.
import { kycManagerAbi } from '@payd/contracts/abi';
import { getAddress, type Address } from 'viem';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { sendContractWrite, type SentTransaction } from './sendTransaction.ts';

/** KycManager.Status, in the contract's order. */
export const KYC_STATUSES = ['None', 'Pending', 'Approved', 'Suspended', 'Closed'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

function statusNumber(status: KycStatus): number {
  const n = KYC_STATUSES.indexOf(status);
  if (n < 0) throw new RangeError(`Unknown KYC status '${String(status)}'`);
  return n;
}

/** Sets one address's KYC status; only the manager's admins may (the transaction fails otherwise). */
export function setKycStatus(
  connection: ProtocolConnection,
  account: Address,
  status: KycStatus,
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  return sendContractWrite(
    connection,
    {
      address: connection.deployment.addresses.kycManager,
      abi: kycManagerAbi,
      functionName: 'setStatus',
      args: [getAddress(account), statusNumber(status)],
    },
    () => undefined,
  );
}

/** Sets the KYC status of several addresses in one transaction (all or nothing). */
export function setKycStatuses(
  connection: ProtocolConnection,
  entries: readonly { account: Address; status: KycStatus }[],
): Promise<SentTransaction<undefined>> {
  requireSigner(connection);
  return sendContractWrite(
    connection,
    {
      address: connection.deployment.addresses.kycManager,
      abi: kycManagerAbi,
      functionName: 'setStatuses',
      args: [entries.map((e) => getAddress(e.account)), entries.map((e) => statusNumber(e.status))],
    },
    () => undefined,
  );
}

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
