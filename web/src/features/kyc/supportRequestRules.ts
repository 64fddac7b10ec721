// The support request form of spec 002: its two required fields with the spec's messages, and the
// SupportRequestWs SaveData row it sends (section 7: id and InputOn51 empty, the caller's ids).

export const supportMessages = {
  requestType: 'Please select a request type.',
  requestInfo: 'Please enter the request information.',
} as const;

/** Longest request text the server stores. */
export const REQUEST_INFO_MAX = 4000;

export interface SupportForm {
  requestType: string;
  requestInfo: string;
}

export type SupportErrors = Partial<Record<keyof SupportForm, string>>;

export function validateSupportRequest(form: SupportForm): SupportErrors {
  const errors: SupportErrors = {};
  if (!form.requestType) errors.requestType = supportMessages.requestType;
  if (!form.requestInfo.trim()) errors.requestInfo = supportMessages.requestInfo;
  return errors;
}

const idOrEmpty = (v: unknown) => (v === undefined || v === null ? '' : v);

export function supportRequestRow(
  form: SupportForm,
  ids: { userId: number; personId?: unknown; corpId?: unknown },
): Record<string, unknown> {
  return {
    SupportRequestId51: '',
    UserId51: ids.userId,
    KycPersonId51: idOrEmpty(ids.personId),
    KycCorpId51: idOrEmpty(ids.corpId),
    RequestTypeId51: form.requestType,
    RequestInfo51: form.requestInfo.trim(),
    InputOn51: '',
  };
}
