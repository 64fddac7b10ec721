// What one API reply means for the client: a success, or the ApiError to reject with and whether
// the token was refused (worth one renewal and a retry). Pure, so each case is tested without
// a server.
import { ApiErrorCode, ClientErrorType, LOGIN_REQUIRED_SUBTYPE, type ApiReplyBody } from '@payd/schemas';
import { ApiError } from './errors.ts';

export type Attempt<T, S> =
  { ok: true; body: ApiReplyBody<T, S> } | { ok: false; error: ApiError; refused: boolean };

/** No reply at all: the server cannot be reached. */
export function networkFailure(): Attempt<never, never> {
  return {
    ok: false,
    refused: false,
    error: new ApiError({
      errorType: ClientErrorType.network,
      message: 'Network error: the server cannot be reached',
    }),
  };
}

/** The reply's `d` (undefined when the body was not JSON) and its HTTP status, read. */
export function replyOutcome<T, S>(d: ApiReplyBody<T, S> | undefined, httpStatus: number): Attempt<T, S> {
  // A business refusal for a signed-in caller whose proven sign-in is too old (DisplayMnemonic,
  // GetKeystore): renewing the token cannot help (it never makes a sign-in recent) and would
  // reload the session; the page gets the server's message and asks the person to confirm.
  if (d?.error === ApiErrorCode.reauthRequired)
    return { ok: false, refused: false, error: failedReplyError(d, httpStatus) };
  if (httpStatus === 401 || httpStatus === 403) {
    return {
      ok: false,
      // 403 is the server's 'signed in, but not allowed' (server/src/wire/errors.ts forbidden):
      // the role and the record are read on every request, so a new token cannot change the
      // answer, and renewing would only call the server twice more and reload the session (an
      // access-denied page calls the server once). 401 is the refused token.
      refused: httpStatus === 401,
      error: new ApiError({
        errorType: ClientErrorType.accessDenied,
        subType: d?.error ?? ApiErrorCode.accessDenied,
        message: d?.message || d?.errorMsg || 'Access denied',
        validationErrors: d?.validationErrors,
        data: d?.data,
        httpStatus,
      }),
    };
  }
  if (!d || typeof d !== 'object' || (d.status !== 'success' && d.status !== 'failed')) {
    const server = httpStatus >= 500;
    return {
      ok: false,
      refused: false,
      error: new ApiError({
        errorType: server ? ClientErrorType.server : ClientErrorType.fetch,
        message: server ? `Server error (${httpStatus})` : `Unexpected reply from the server (${httpStatus})`,
        httpStatus,
      }),
    };
  }
  if (d.status === 'success') return { ok: true, body: d };
  return {
    ok: false,
    refused: d.error === ApiErrorCode.accessDenied,
    error: failedReplyError(d, httpStatus),
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

export function loginRequired(message = 'Please log in again'): ApiError {
  return new ApiError({
    errorType: ClientErrorType.authentication,
    subType: LOGIN_REQUIRED_SUBTYPE,
    message,
  });
}
