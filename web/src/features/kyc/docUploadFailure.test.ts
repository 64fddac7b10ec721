import { describe, expect, it } from 'vitest';
import { ClientErrorType } from '@payd/schemas';
import { ApiError } from '../../api/errors.ts';
import { displayDate, uploadFailureMessage } from './docUploadFailure.ts';

const apiError = (httpStatus: number, validationErrors: { field: string; message: string }[] = []) =>
  new ApiError({ errorType: ClientErrorType.apiCall, message: 'refused', httpStatus, validationErrors });

describe('upload failure message', () => {
  it("shows the server's first validation message, else its message", () => {
    expect(uploadFailureMessage(apiError(400, [{ field: 'doc', message: 'file too large' }]))).toBe(
      'file too large',
    );
    expect(uploadFailureMessage(apiError(422))).toBe('refused');
  });

  it('shows a problem in the browser (an image that cannot be read)', () => {
    expect(uploadFailureMessage(new Error('problem loading file a.png'))).toBe('problem loading file a.png');
  });

  it('leaves a signed-out or refused session to the notification', () => {
    expect(uploadFailureMessage(apiError(401))).toBeNull();
    expect(uploadFailureMessage(apiError(403))).toBeNull();
    expect(uploadFailureMessage('offline')).toBeNull();
  });
});

describe('document dates', () => {
  it('reads a date-only value as that day', () => {
    expect(displayDate('2026-03-05')).toBe('March 5, 2026');
  });

  it('keeps what it cannot read and shows nothing for no date', () => {
    expect(displayDate('soon')).toBe('soon');
    expect(displayDate(null)).toBe('');
  });
});
