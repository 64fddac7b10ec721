// The request modals' server call (issue 25, item 6): CheckValidatorRequest, before any fee is
// quoted or paid. Tested in validatorRequestFlow.test.ts.
import {
  Eth2Wallet,
  type CheckValidatorRequestReply,
  type CheckValidatorRequestRequest,
} from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';

/** Would the beacon chain act on this request? The server's answer with the customer's text. */
export async function checkValidatorRequest(
  api: ApiClient,
  body: CheckValidatorRequestRequest,
): Promise<CheckValidatorRequestReply> {
  return (await api.call(Eth2Wallet.CheckValidatorRequest, body)).data;
}
