// A call through a contract's reference that reads a field the reply has: must type-check.
import { StakeAcctBalance } from '@payd/schemas';
import type { ApiClient } from '../src/api/client.ts';

export const credits = async (api: ApiClient): Promise<string> =>
  (await api.call(StakeAcctBalance.GetBalance, {})).data.Dtl[0]!.Credits;
