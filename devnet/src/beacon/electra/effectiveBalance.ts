// process_effective_balance_updates of Electra: effective balances follow balances in whole ETH with
// hysteresis (down when 0.25 ETH below, up when 1.25 ETH above), capped by get_max_effective_balance
// (2048 ETH for 0x02 credentials, 32 ETH for the others).
import { configOf, getMaxEffectiveBalance, type ElectraState } from '@payd/consensus';

export function processEffectiveBalanceUpdates(state: ElectraState): void {
  const c = configOf(state);
  const hysteresisIncrement = c.EFFECTIVE_BALANCE_INCREMENT / c.HYSTERESIS_QUOTIENT;
  const downwardThreshold = hysteresisIncrement * c.HYSTERESIS_DOWNWARD_MULTIPLIER;
  const upwardThreshold = hysteresisIncrement * c.HYSTERESIS_UPWARD_MULTIPLIER;
  state.validators.forEach((validator, index) => {
    const balance = state.balances[index]!;
    const max = getMaxEffectiveBalance(validator, c);
    if (
      balance + downwardThreshold < validator.effectiveBalance ||
      validator.effectiveBalance + upwardThreshold < balance
    ) {
      const rounded = balance - (balance % c.EFFECTIVE_BALANCE_INCREMENT);
      validator.effectiveBalance = rounded < max ? rounded : max;
    }
  });
}
