// A document as the client sends it (docJson of AddDocColumnContent and the KYC uploads).
import { docJsonInput } from '@payd/schemas';
import { invalidField } from '../wire/errors.ts';
import { toValidationErrors } from '../wire/method.ts';
import { MAX_DOC_BYTES, tooLargeMessage } from './docContent.ts';

export { docJsonInput };

/** The document of a docJson: its name, claimed type and bytes. */
export function parseDocJson(docJson: unknown): { fileName: string; mimeType: string; bytes: Buffer } {
  const parsed = docJsonInput.safeParse(docJson);
  if (!parsed.success) {
    const first = toValidationErrors(parsed.error)[0]!;
    throw invalidField(first.field === '(body)' ? 'docJson' : `docJson.${first.field}`, first.message);
  }
  const o = parsed.data;
  const fileName = String(o.fileName ?? o.DocName ?? '').slice(0, 255);
  const mimeType = String(o.mimeType ?? 'application/octet-stream').slice(0, 100);
  const b64 = String(o.base64 ?? '').replace(/^data:[^,]*,/, '');
  if (!fileName) throw invalidField('docJson.fileName', 'The document needs a file name');
  if (!b64 || !/^[A-Za-z0-9+/=\s]+$/.test(b64))
    throw invalidField('docJson.base64', 'The document has no content');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MAX_DOC_BYTES) throw invalidField('docJson', tooLargeMessage());
  return { fileName, mimeType, bytes };
}
