// A handler that answers exactly its contract's reply: must type-check.
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
};
export const right = implement(getBalance, async () => ({ Dtl: [record], dtl: [record] }));
