// The web reads a field the contract's reply lacks: must not type-check.
import { StakeAcctBalance } from '@payd/schemas';
import type { ApiClient } from '../src/api/client.ts';

export const owed = async (api: ApiClient) =>
  (await api.call(StakeAcctBalance.GetBalance, {})).data.Dtl[0]!.Owed;
