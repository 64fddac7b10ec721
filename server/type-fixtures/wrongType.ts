// A handler whose reply has a field of another type than the contract's: must not type-check.
import { getBalance } from '@payd/schemas';
import { implement } from '../src/wire/implement.ts';

export const wrong = implement(getBalance, async () => ({ Dtl: [], dtl: 'none' }));
