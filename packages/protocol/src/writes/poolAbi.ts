// The ABI the validator pool's writes are sent with: the pool's interface (functions, events,
// errors), plus the errors only its implementation declares (admin checks, NotEnoughGasToFill,
// AmountTooLarge, Reentrancy) and those a pool call can bubble up from the FETH token, so that a
// refusal from any of them is decoded by name (see src/errors/poolErrors.ts).
import { fethTokenAbi, ifethTokenAbi, iValidatorPoolAbi, validatorPoolAbi } from '@payd/contracts/abi';
import type { Abi } from 'viem';

type AbiError = Extract<Abi[number], { type: 'error' }>;

const errorsOf = (abi: Abi): AbiError[] => abi.filter((item): item is AbiError => item.type === 'error');

function withoutDuplicates(errors: AbiError[]): AbiError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.name}(${e.inputs.map((i) => i.type).join(',')})`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const interfaceErrors = new Set(errorsOf(iValidatorPoolAbi).map((e) => e.name));

export const POOL_WRITE_ABI: Abi = [
  ...iValidatorPoolAbi,
  ...withoutDuplicates([
    ...errorsOf(validatorPoolAbi),
    ...errorsOf(ifethTokenAbi),
    ...errorsOf(fethTokenAbi),
  ]).filter((e) => !interfaceErrors.has(e.name)),
];

/** Every error a pool write can revert with (pool, FETH token, admin checks), for decoding. */
export const POOL_ERRORS_ABI: Abi = errorsOf(POOL_WRITE_ABI);
