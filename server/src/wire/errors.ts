// Errors a method handler throws; the protocol turns each into the `d` envelope and its HTTP status.
import { ApiErrorCode, type ValidationError } from '@payd/schemas';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    readonly data?: unknown,
    readonly validationErrors?: ValidationError[],
  ) {
    super(message);
  }
}

/** 401: missing, invalid or expired credentials (the client renews its token once). */
export function accessDenied(message = 'Access denied', data?: unknown): ApiError {
  return new ApiError(401, ApiErrorCode.accessDenied, message, data);
}

/** 403: signed in, but not allowed. */
export function forbidden(message = 'Access denied'): ApiError {
  return new ApiError(403, ApiErrorCode.accessDenied, message);
}

/** 400 with one named field, for rules a schema cannot express (e.g. an unknown origin). */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, ApiErrorCode.validationFailed, message, undefined, [{ field, message }]);
}

/** A business failure the user can meet, with the spec's message (HTTP 200, status failed). */
export function failed(code: string, message: string, data?: unknown): ApiError {
  return new ApiError(200, code, message, data);
}

export function rateLimited(): ApiError {
  return new ApiError(429, ApiErrorCode.rateLimited, 'Too many requests. Please try again later.');
}
