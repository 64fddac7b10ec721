// A write whose arguments do not fit the function's inputs: must not type-check.
import { cacheManagerAbi } from '@payd/contracts/abi';
import type { ProtocolConnection } from '../src/connection/connection.ts';
import { sendContractWrite } from '../src/writes/sendTransaction.ts';

export const wrongArguments = (connection: ProtocolConnection) =>
  sendContractWrite(
    connection,
    {
      address: connection.deployment.addresses.cacheManager,
      abi: cacheManagerAbi,
      functionName: 'liquidateCaches',
      args: ['five'],
    },
    () => undefined,
  );
