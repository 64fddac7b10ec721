// The validator pool's and the FETH token's custom errors (and the admin checks a pool write meets)
// in words a person understands. viem decodes a refused pool write by name and arguments (the pool
// writes are sent with an ABI that carries all of these errors, src/writes/poolAbi.ts); this turns
// that into text (the texts themselves are in poolErrorTexts.ts). Same shape as the lending refusal texts of the web app
// (web/src/features/lending/pool/refusals.ts), which can take POOL_ERROR_TEXTS in as they are.
import { decodeErrorResult, type Hex } from 'viem';
import { POOL_ERRORS_ABI } from '../writes/poolAbi.ts';
import { poolErrorText, type ContractRevert } from './poolErrorTexts.ts';

export { POOL_ERROR_TEXTS, poolErrorText, type ContractRevert } from './poolErrorTexts.ts';

interface RevertLike {
  errorName?: string;
  args?: readonly unknown[];
  data?: { errorName?: string; args?: readonly unknown[] } | Hex;
  raw?: Hex;
  cause?: unknown;
}

/**
 * The custom error anywhere in `error`'s cause chain: viem's decoded one (ContractFunctionRevertedError
 * `data`), or raw revert data decoded with the pool's errors. Undefined when there is none.
 */
export function contractRevertOf(error: unknown): ContractRevert | undefined {
  let e = error as RevertLike | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const data = typeof e.data === 'object' ? e.data : undefined;
    const name = data?.errorName ?? e.errorName;
    if (name) return { name, args: data?.args ?? e.args ?? [] };
    const raw = e.raw ?? (typeof e.data === 'string' ? e.data : undefined);
    if (raw && raw.length >= 10) {
      try {
        const decoded = decodeErrorResult({ abi: POOL_ERRORS_ABI, data: raw });
        return { name: decoded.errorName, args: decoded.args ?? [] };
      } catch {
        // not one of the pool's errors
      }
    }
    e = e.cause as RevertLike | undefined;
  }
  return undefined;
}

/**
 * The readable text of a refused pool or FETH write (or read), e.g. 'Only 2 validators are
 * available'; undefined when `error` is not one of their custom errors (a wallet refusal, a network
 * error, a lending error), so the caller can fall back to its own handling.
 */
export function poolRefusalText(error: unknown): string | undefined {
  const revert = contractRevertOf(error);
  return revert && poolErrorText(revert);
}
