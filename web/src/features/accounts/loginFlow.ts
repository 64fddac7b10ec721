// Password sign-in: Login with a PKCE challenge, answer the server's bot challenge once if it
// sends one, then exchange the code for tokens with GetToken.
import {
  ApiErrorCode,
  authMessages,
  challengeNonce,
  solveLoginChallenge,
  type GetTokenReply,
  type LoginChallengeData,
  WEB_CLIENT_ID,
  Auth,
} from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';
import { ApiError, isApiError } from '../../api/errors.ts';
import { createCodeVerifier, s256Challenge } from './pkce.ts';

/** The web app's OAuth client id: its sessions' refresh tokens work for this client only. */
export const CLIENT_ID = WEB_CLIENT_ID;

function challengeOf(e: unknown): LoginChallengeData | null {
  if (!isApiError(e) || e.subType !== ApiErrorCode.accessDenied) return null;
  const d = e.data as Partial<LoginChallengeData> | undefined;
  if (typeof d?.serverChallenge === 'string' && typeof d.challengeCount === 'number')
    return { serverChallenge: d.serverChallenge, challengeCount: d.challengeCount };
  return null;
}

/** Signs in with e-mail and password; resolves to the token set or rejects with the spec's message. */
export async function passwordLogin(
  api: ApiClient,
  usrName: string,
  password: string,
): Promise<GetTokenReply> {
  const verifier = createCodeVerifier();
  const base = {
    client_id: CLIENT_ID,
    usrName,
    password,
    code_challenge_method: 'S256' as const,
    code_challenge: await s256Challenge(verifier),
  };
  let reply;
  try {
    reply = await api.call(Auth.Login, base, { auth: false });
  } catch (e) {
    const challenge = challengeOf(e);
    if (!challenge) throw e;
    const solution = await solveLoginChallenge(challenge.serverChallenge, challenge.challengeCount, usrName);
    try {
      reply = await api.call(
        Auth.Login,
        { ...base, nonce: challengeNonce(challenge.serverChallenge, solution) },
        { auth: false },
      );
    } catch (retryError) {
      if (!isApiError(retryError) || retryError.subType !== ApiErrorCode.accessDenied) throw retryError;
      throw new ApiError({
        errorType: retryError.errorType,
        subType: retryError.subType,
        message: authMessages.loginFailed,
        httpStatus: retryError.httpStatus,
      });
    }
  }
  const code = reply.data?.accessCode;
  if (!code) throw new ApiError({ errorType: 'api call error', message: authMessages.loginFailed });
  const tokens = await api.call(
    Auth.GetToken,
    { client_id: CLIENT_ID, grant_type: 'authorization_code', code, code_verifier: verifier },
    { auth: false },
  );
  if (!tokens.data?.access_token)
    throw new ApiError({ errorType: 'api call error', message: authMessages.loginFailed });
  return tokens.data;
}
