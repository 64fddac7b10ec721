// The KYC manager (spec 000 'Access control'): the statuses the payd server's admin key sets for a
// customer's registered wallet (the reads that say whether an address may act are
// reads/readKyc.ts, which a lending page loads without the manager's whole ABI).
import { kycManagerAbi } from '@payd/contracts/abi';
import { getAddress, type Address } from 'viem';
import { KYC_STATUSES, type KycStatus } from '../reads/readKyc.ts';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { sendContractWrite, type SentTransaction } from './sendTransaction.ts';

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

export { KYC_STATUSES, getKycStatus, isKycApproved, type KycStatus } from '../reads/readKyc.ts';
