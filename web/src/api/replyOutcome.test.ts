import { describe, expect, it } from 'vitest';
import { ApiErrorCode, ClientErrorType, LOGIN_REQUIRED_SUBTYPE, type ApiReplyBody } from '@payd/schemas';
import { networkFailure, replyOutcome } from './replyOutcome.ts';

const failed = (error: string, message = 'refused'): ApiReplyBody => ({ status: 'failed', error, message });

describe('what a reply means', () => {
  it('passes a success on', () => {
    const d: ApiReplyBody = { status: 'success', data: 1 };
    expect(replyOutcome(d, 200)).toEqual({ ok: true, body: d });
  });

  it('treats 401 as a refused token worth one renewal', () => {
    const r = replyOutcome(undefined, 401);
    expect(r.ok === false && r.refused).toBe(true);
    expect(r.ok === false && r.error.errorType).toBe(ClientErrorType.accessDenied);
    expect(r.ok === false && r.error.message).toBe('Access denied');
  });

  it('takes 403 (signed in, not allowed) as access denied without a renewal', () => {
    const r = replyOutcome(failed(ApiErrorCode.accessDenied, 'Access denied'), 403);
    expect(r.ok === false && r.refused).toBe(false);
    expect(r.ok === false && r.error.errorType).toBe(ClientErrorType.accessDenied);
    expect(r.ok === false && r.error.httpStatus).toBe(403);
  });

  it('never renews for a sign-in that is too old, even on 403', () => {
    const r = replyOutcome(failed(ApiErrorCode.reauthRequired, 'Confirm it is you'), 403);
    expect(r.ok === false && r.refused).toBe(false);
    expect(r.ok === false && r.error.message).toBe('Confirm it is you');
  });

  it('tells a server error from an unexpected reply', () => {
    const server = replyOutcome(undefined, 502);
    const odd = replyOutcome(undefined, 200);
    expect(server.ok === false && server.error.message).toBe('Server error (502)');
    expect(server.ok === false && server.error.errorType).toBe(ClientErrorType.server);
    expect(odd.ok === false && odd.error.message).toBe('Unexpected reply from the server (200)');
    expect(odd.ok === false && odd.error.errorType).toBe(ClientErrorType.fetch);
  });

  it('types a failed reply by its error code; access_denied is worth a renewal', () => {
    const denied = replyOutcome(failed(ApiErrorCode.accessDenied), 200);
    const login = replyOutcome(failed(ApiErrorCode.loginRequired), 200);
    const other = replyOutcome(failed('invalid_code'), 200);
    expect(denied.ok === false && denied.refused).toBe(true);
    expect(login.ok === false && login.error.subType).toBe(LOGIN_REQUIRED_SUBTYPE);
    expect(other.ok === false && [other.refused, other.error.errorType, other.error.subType]).toEqual([
      false,
      ClientErrorType.apiCall,
      'invalid_code',
    ]);
  });

  it('says the server cannot be reached when nothing came back', () => {
    const r = networkFailure();
    expect(r.ok === false && r.error.errorType).toBe(ClientErrorType.network);
  });
});
