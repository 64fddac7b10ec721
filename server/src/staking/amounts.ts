// Gwei (bigint) to the decimal ETH strings the history and balances keep; never a float.
export function gweiToEth(gwei: bigint): string {
  const neg = gwei < 0n;
  const abs = neg ? -gwei : gwei;
  const whole = abs / 1_000_000_000n;
  const frac = (abs % 1_000_000_000n).toString().padStart(9, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}
