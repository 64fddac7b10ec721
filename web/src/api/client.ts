// The API client: POST JSON to {apiBase}/webservices/{Service}Ws.asmx/{Method} with the Bearer
// token and scope header, unwrap `d`, and reject failures as ApiError. On 401 or access_denied
// it renews the token once (one renewal at a time across tabs) and retries; a 403 (signed in,
// not allowed) is passed on without a renewal, since a new token gets the same answer;
// `reauth_required` (a recent proven sign-in is needed) is passed through as it came.
import {
  Auth,
  ClientErrorType,
  SCOPE_HEADER,
  servicePath,
  type ApiReplyBody,
  type BodyOf,
  type MethodRef,
  type ReplyOf,
  type SupportingOf,
  type RequestScope,
  type TokenSet,
} from '@payd/schemas';
import { loginRequired, networkFailure, replyOutcome, type Attempt } from './replyOutcome.ts';
import type { TokenStore } from './tokenStore.ts';
import type { RenewalLock } from './renewalLock.ts';

export interface ApiClientOptions {
  /** API base of the current chain ('' for the same origin). */
  baseUrl: string;
  fetch: typeof fetch;
  tokens: TokenStore;
  lock: RenewalLock;
  scope: () => RequestScope;
  /** OAuth client id sent with GetToken. */
  clientId: string;
  /** Called after a renewal failed for a reason other than the network: tokens are gone. */
  onSessionEnded?: () => void;
}

export interface CallOptions {
  /** Send the Bearer token and renew it when refused (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** This call's transport instead of the client's fetch (uploads use one that reports progress). */
  fetch?: typeof fetch;
}

/** A successful reply of a contract's method: `d.data` always holds the reply (null when the
 * method answers nothing). */
export type ContractReply<T, S> = Omit<ApiReplyBody<T, S>, 'data'> & { data: T };

export interface ApiClient {
  /** Calls the method of a contract's reference (packages/schemas `ref`): the body and the reply
   * are typed by the contract. */
  call<R extends MethodRef>(
    method: R,
    body: BodyOf<R>,
    options?: CallOptions,
  ): Promise<ContractReply<ReplyOf<R>, SupportingOf<R>>>;
  /** Renews the access token now (used by the client itself; exposed for tests and re-auth). */
  renew(failedAccessToken: string | undefined): Promise<TokenSet>;
}

/**
 * A renewal that has not answered in this long ends as a network error (tokens kept): it holds the
 * renewal lock of every tab, so a request the network lost would leave each waiting page spinning.
 */
export const RENEWAL_TIMEOUT_MS = 15_000;

/** A signal that aborts after `ms` (a timer, so tests can drive it with fake timers). */
function timeoutSignal(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('renewal timed out', 'TimeoutError')), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, tokens, lock } = options;
  const doFetch = options.fetch;
  let renewing: Promise<TokenSet> | null = null;

  async function attempt<T, S>(
    service: string,
    method: string,
    body: object,
    accessToken: string | undefined,
    signal: AbortSignal | undefined,
    transport: typeof fetch = doFetch,
  ): Promise<Attempt<T, S>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      [SCOPE_HEADER]: JSON.stringify(options.scope()),
    };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    let response: Response;
    try {
      response = await transport(baseUrl.replace(/\/$/, '') + servicePath(service, method), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal,
      });
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      return networkFailure();
    }
    let parsed: { d?: ApiReplyBody<T, S> } | undefined;
    try {
      parsed = (await response.json()) as { d?: ApiReplyBody<T, S> };
    } catch {
      parsed = undefined;
    }
    return replyOutcome(parsed?.d, response.status);
  }

  async function renew(failedAccessToken: string | undefined): Promise<TokenSet> {
    // One renewal per tab at a time; the lock serialises tabs.
    renewing ??= lock
      .run(async () => {
        const current = tokens.get();
        if (!current) throw loginRequired();
        // Another tab (or an earlier call) renewed while we waited: use its tokens.
        if (current.access_token !== failedAccessToken) return current;
        const timeout = timeoutSignal(RENEWAL_TIMEOUT_MS);
        const r = await attempt<TokenSet, unknown>(
          Auth.GetToken.service,
          Auth.GetToken.method,
          { client_id: options.clientId, grant_type: 'refresh_token', refresh_token: current.refresh_token },
          undefined,
          timeout.signal,
        ).finally(timeout.clear);
        // Timed out, even while the reply's body was read: no verdict on the tokens.
        const lost = timeout.signal.aborted ? networkFailure() : null;
        if (lost && !lost.ok) throw lost.error;
        if (r.ok && r.body.data?.access_token) {
          tokens.set(r.body.data);
          return r.body.data;
        }
        // A network error keeps the tokens: the session may still be good once the server is back.
        if (!r.ok && r.error.errorType === ClientErrorType.network) throw r.error;
        tokens.set(null);
        options.onSessionEnded?.();
        throw loginRequired();
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  return {
    renew,
    call: async function call(ref: MethodRef, body: object = {}, callOptions: CallOptions = {}) {
      const { service, method } = ref;
      const auth = callOptions.auth ?? true;
      const token = auth ? tokens.get()?.access_token : undefined;
      const first = await attempt<unknown, unknown>(
        service,
        method,
        body,
        token,
        callOptions.signal,
        callOptions.fetch,
      );
      if (first.ok) return first.body;
      if (!first.refused || !auth) throw first.error;
      if (!token) throw loginRequired(first.error.message);
      const renewed = await renew(token);
      const second = await attempt<unknown, unknown>(
        service,
        method,
        body,
        renewed.access_token,
        callOptions.signal,
        callOptions.fetch,
      );
      if (second.ok) return second.body;
      throw second.error;
    } as ApiClient['call'],
  };
}
