// The same write as the ABI has it: type-checks.
import { cacheManagerAbi } from '@payd/contracts/abi';
import type { ProtocolConnection } from '../src/connection/connection.ts';
import { sendContractWrite } from '../src/writes/sendTransaction.ts';

export const right = (connection: ProtocolConnection) =>
  sendContractWrite(
    connection,
    {
      address: connection.deployment.addresses.cacheManager,
      abi: cacheManagerAbi,
      functionName: 'liquidateCaches',
      args: [5n],
    },
    () => undefined,
  );
