// The wire protocol shared by server and web: every call is
// POST {apiBase}/webservices/{Service}Ws.asmx/{Method} and every reply is wrapped in `d`.

/** One field that failed its schema, named by its wire key (dotted path for nested keys). */
export interface ValidationError {
  /** Wire name of the field, e.g. `emailAddress` or `mst.Name15`. */
  field: string;
  /** Message shown next to the field (the spec's text where the spec gives one). */
  message: string;
}

/** Machine-readable error codes carried in `d.error`. */
export const ApiErrorCode = {
  accessDenied: 'access_denied',
  validationFailed: 'validation_failed',
  loginRequired: 'login_required',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  serverError: 'server_error',
  /** Signed in, but the call needs a recent proven sign-in (ConfirmIdentity): the client passes
   * it through with its message and never renews the token for it. */
  reauthRequired: 'reauth_required',
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

export interface ApiReplyBody<T = unknown, S = unknown> {
  status: 'success' | 'failed';
  error?: ApiErrorCode | string;
  message?: string;
  errorMsg?: string;
  validationErrors?: ValidationError[];
  data?: T;
  supportingData?: S;
}

export interface ApiReply<T = unknown, S = unknown> {
  d: ApiReplyBody<T, S>;
}

/**
 * Error types a failed call is rejected with on the client (spec 002 section 8).
 * `authentication error` has the sub type `login required`.
 */
export const ClientErrorType = {
  network: 'network error',
  fetch: 'fetch error',
  apiCall: 'api call error',
  accessDenied: 'access denied error',
  server: 'server error',
  authentication: 'authentication error',
} as const;
export type ClientErrorType = (typeof ClientErrorType)[keyof typeof ClientErrorType];
export const LOGIN_REQUIRED_SUBTYPE = 'login required';

/** Header carrying the caller's scope as JSON: system, company, project and culture ids. */
export const SCOPE_HEADER = 'x-payd-scope';
export interface RequestScope {
  systemId: number;
  companyId: number;
  projectId: number;
  cultureId: number;
}
export const DEFAULT_SCOPE: RequestScope = { systemId: 3, companyId: 1, projectId: 1, cultureId: 1 };

/** Builds the path of one server method. */
export function servicePath(service: string, method: string): string {
  return `/webservices/${service}Ws.asmx/${method}`;
}
