// Gwei (bigint) to the decimal ETH strings the history and balances keep; never a float. The
// 32-ETH deposit of each validator is defined once, in @payd/schemas (shared with the web).
export { ETH_PER_VALIDATOR, GWEI_PER_VALIDATOR, WEI_PER_VALIDATOR } from '@payd/schemas';

export function gweiToEth(gwei: bigint): string {
  const neg = gwei < 0n;
  const abs = neg ? -gwei : gwei;
  const whole = abs / 1_000_000_000n;
  const frac = (abs % 1_000_000_000n).toString().padStart(9, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}
