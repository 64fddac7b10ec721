// The genesis fork version a deposit on the connected chain must carry, from
// @payd/validator-keys' network table; undefined for a chain payd does not know.
import { getNetwork } from '@payd/validator-keys';

export function genesisForkVersion(chainId: number | undefined): string | undefined {
  try {
    return chainId === undefined ? undefined : getNetwork(chainId).genesisForkVersion;
  } catch {
    return undefined;
  }
}
