// The request modals' server call (issue 25, item 6): CheckValidatorRequest, before any fee is
// quoted or paid. Tested in validatorRequestFlow.test.ts.
import type { CheckValidatorRequestReply, CheckValidatorRequestRequest } from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import { ETH2_WALLET } from './dashboardApi.ts';

/** Would the beacon chain act on this request? The server's answer with the customer's text. */
export async function checkValidatorRequest(
  api: ApiClient,
  body: CheckValidatorRequestRequest,
): Promise<CheckValidatorRequestReply> {
  const r = await api.call<CheckValidatorRequestReply>(ETH2_WALLET, 'CheckValidatorRequest', body);
  return r.data!;
}
