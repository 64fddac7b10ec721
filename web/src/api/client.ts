// The API client: POST JSON to {apiBase}/webservices/{Service}Ws.asmx/{Method} with the Bearer
// token and scope header, unwrap `d`, and reject failures as ApiError. On 401, 403 or
// access_denied it renews the token once (one renewal at a time across tabs) and retries;
// `reauth_required` (a recent proven sign-in is needed) is passed through as it came.
import {
  ApiErrorCode,
  ClientErrorType,
  LOGIN_REQUIRED_SUBTYPE,
  SCOPE_HEADER,
  servicePath,
  type ApiReplyBody,
  type RequestScope,
  type TokenSet,
} from '@payd/schemas';
import { ApiError } from './errors.ts';
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

export interface ApiClient {
  call<T = unknown, S = unknown>(
    service: string,
    method: string,
    body?: object,
    options?: CallOptions,
  ): Promise<ApiReplyBody<T, S>>;
  /** Renews the access token now (used by the client itself; exposed for tests and re-auth). */
  renew(failedAccessToken: string | undefined): Promise<TokenSet>;
}

type Attempt<T, S> =
  { ok: true; body: ApiReplyBody<T, S> } | { ok: false; error: ApiError; refused: boolean };

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
      return {
        ok: false,
        refused: false,
        error: new ApiError({
          errorType: ClientErrorType.network,
          message: 'Network error: the server cannot be reached',
        }),
      };
    }
    let parsed: { d?: ApiReplyBody<T, S> } | undefined;
    try {
      parsed = (await response.json()) as { d?: ApiReplyBody<T, S> };
    } catch {
      parsed = undefined;
    }
    const d = parsed?.d;
    // A business refusal for a signed-in caller whose proven sign-in is too old (DisplayMnemonic,
    // GetKeystore): renewing the token cannot help (it never makes a sign-in recent) and would
    // reload the session; the page gets the server's message and asks the person to confirm.
    if (d?.error === ApiErrorCode.reauthRequired)
      return { ok: false, refused: false, error: failedReplyError(d, response.status) };
    if (response.status === 401 || response.status === 403) {
      return {
        ok: false,
        refused: true,
        error: new ApiError({
          errorType: ClientErrorType.accessDenied,
          subType: d?.error ?? ApiErrorCode.accessDenied,
          message: d?.message || d?.errorMsg || 'Access denied',
          validationErrors: d?.validationErrors,
          data: d?.data,
          httpStatus: response.status,
        }),
      };
    }
    if (!d || typeof d !== 'object' || (d.status !== 'success' && d.status !== 'failed')) {
      const server = response.status >= 500;
      return {
        ok: false,
        refused: false,
        error: new ApiError({
          errorType: server ? ClientErrorType.server : ClientErrorType.fetch,
          message: server
            ? `Server error (${response.status})`
            : `Unexpected reply from the server (${response.status})`,
          httpStatus: response.status,
        }),
      };
    }
    if (d.status === 'success') return { ok: true, body: d };
    return {
      ok: false,
      refused: d.error === ApiErrorCode.accessDenied,
      error: failedReplyError(d, response.status),
    };
  }

  async function renew(failedAccessToken: string | undefined): Promise<TokenSet> {
    // One renewal per tab at a time; the lock serialises tabs.
    renewing ??= lock
      .run(async () => {
        const current = tokens.get();
        if (!current) throw loginRequired();
        // Another tab (or an earlier call) renewed while we waited: use its tokens.
        if (current.access_token !== failedAccessToken) return current;
        const r = await attempt<TokenSet, unknown>(
          'auth',
          'GetToken',
          { client_id: options.clientId, grant_type: 'refresh_token', refresh_token: current.refresh_token },
          undefined,
          undefined,
        );
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
    async call<T = unknown, S = unknown>(
      service: string,
      method: string,
      body: object = {},
      callOptions: CallOptions = {},
    ) {
      const auth = callOptions.auth ?? true;
      const token = auth ? tokens.get()?.access_token : undefined;
      const first = await attempt<T, S>(service, method, body, token, callOptions.signal, callOptions.fetch);
      if (first.ok) return first.body;
      if (!first.refused || !auth) throw first.error;
      if (!token) throw loginRequired(first.error.message);
      const renewed = await renew(token);
      const second = await attempt<T, S>(
        service,
        method,
        body,
        renewed.access_token,
        callOptions.signal,
        callOptions.fetch,
      );
      if (second.ok) return second.body;
      throw second.error;
    },
  };
}

function failedReplyError(d: ApiReplyBody, httpStatus: number): ApiError {
  const message = d.message || d.errorMsg || 'The request failed';
  const common = { message, validationErrors: d.validationErrors, data: d.data, httpStatus };
  switch (d.error) {
    case ApiErrorCode.accessDenied:
      return new ApiError({ ...common, errorType: ClientErrorType.accessDenied, subType: d.error });
    case ApiErrorCode.loginRequired:
      return new ApiError({
        ...common,
        errorType: ClientErrorType.authentication,
        subType: LOGIN_REQUIRED_SUBTYPE,
      });
    case ApiErrorCode.serverError:
      return new ApiError({ ...common, errorType: ClientErrorType.server, subType: d.error });
    default:
      return new ApiError({ ...common, errorType: ClientErrorType.apiCall, subType: d.error ?? '' });
  }
}

function loginRequired(message = 'Please log in again'): ApiError {
  return new ApiError({
    errorType: ClientErrorType.authentication,
    subType: LOGIN_REQUIRED_SUBTYPE,
    message,
  });
}
