// The error every failed API call is rejected with (spec 002 section 8, 'API error types').
import { ClientErrorType, type ValidationError } from '@payd/schemas';

export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly status = 'failed' as const;
  /** One of the spec's error types: network, fetch, api call, access denied, server, authentication. */
  readonly errorType: ClientErrorType;
  /** Finer reason: the server's `error` code, or 'login required' for authentication errors. */
  readonly subType: string;
  readonly validationErrors: ValidationError[];
  /** The reply's `data`, e.g. the login challenge. */
  readonly data: D | undefined;
  /** HTTP status when a response arrived. */
  readonly httpStatus: number | undefined;

  constructor(init: {
    errorType: ClientErrorType;
    message: string;
    subType?: string;
    validationErrors?: ValidationError[];
    data?: D;
    httpStatus?: number;
  }) {
    super(init.message);
    this.errorType = init.errorType;
    this.subType = init.subType ?? '';
    this.validationErrors = init.validationErrors ?? [];
    this.data = init.data;
    this.httpStatus = init.httpStatus;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
