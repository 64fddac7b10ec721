// A handler whose reply carries a field the contract's reply lacks (deep in a row, built apart
// from the return): must not type-check.
import { getBalance } from '@payd/schemas';
import { implement } from '../src/wire/implement.ts';

const record = {
  Credits: '1.00',
  Topups: '0.00',
  Charges: '0.00',
  Remaining: 1,
  RemainingText: '1 day',
  Validators: 1,
  DailyCharge: '1.00',
  EffectiveEth: '32',
  Secret: 'not in the contract',
};
export const extra = implement(getBalance, async () => ({ Dtl: [record], dtl: [] }));
