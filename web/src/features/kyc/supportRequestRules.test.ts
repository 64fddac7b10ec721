import { describe, expect, it } from 'vitest';
import { supportMessages, supportRequestRow, validateSupportRequest } from './supportRequestRules.ts';

describe('support request form', () => {
  it('asks for both fields with the spec messages', () => {
    expect(validateSupportRequest({ requestType: '', requestInfo: '  ' })).toEqual({
      requestType: 'Please select a request type.',
      requestInfo: 'Please enter the request information.',
    });
    expect(validateSupportRequest({ requestType: 'GEN', requestInfo: 'Hello' })).toEqual({});
    expect(supportMessages.requestType).toBe('Please select a request type.');
  });
  it('sends the row of spec section 7: empty id and InputOn51, the caller ids, trimmed text', () => {
    expect(
      supportRequestRow({ requestType: 'LIV', requestInfo: ' camera \n' }, { userId: 7, personId: 3 }),
    ).toEqual({
      SupportRequestId51: '',
      UserId51: 7,
      KycPersonId51: 3,
      KycCorpId51: '',
      RequestTypeId51: 'LIV',
      RequestInfo51: 'camera',
      InputOn51: '',
    });
  });
});
