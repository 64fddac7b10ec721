// A write naming a function the ABI lacks (as after a rename in Solidity): must not type-check.
import { cacheManagerAbi } from '@payd/contracts/abi';
import type { ProtocolConnection } from '../src/connection/connection.ts';
import { sendContractWrite } from '../src/writes/sendTransaction.ts';

export const renamed = (connection: ProtocolConnection) =>
  sendContractWrite(
    connection,
    {
      address: connection.deployment.addresses.cacheManager,
      abi: cacheManagerAbi,
      functionName: 'liquidateTroves',
      args: [5n],
    },
    () => undefined,
  );
