// The ABI the validator pool's writes are sent with: the pool's own functions, events and errors,
// plus the errors a pool call can bubble up from the FETH token and the admin checks, so that a
// refusal from any of them is decoded by name (see src/errors/poolErrors.ts).
import { adminControlledAbi, ifethTokenAbi, iValidatorPoolAbi } from '@payd/contracts/abi';
import type { Abi } from 'viem';

const errorsOf = (abi: Abi) => abi.filter((item) => item.type === 'error');
const poolErrorNames = new Set(errorsOf(iValidatorPoolAbi).map((e) => (e as { name: string }).name));

export const POOL_WRITE_ABI: Abi = [
  ...iValidatorPoolAbi,
  ...[...errorsOf(ifethTokenAbi), ...errorsOf(adminControlledAbi)].filter(
    (e) => !poolErrorNames.has((e as { name: string }).name),
  ),
];

/** Every error a pool write can revert with (pool, FETH token, admin checks), for decoding. */
export const POOL_ERRORS_ABI: Abi = errorsOf(POOL_WRITE_ABI);
