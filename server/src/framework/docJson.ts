// A document as the client sends it (docJson of AddDocColumnContent and the KYC uploads).
import { z } from 'zod';
import { safeText } from '@payd/schemas';
import { invalidField } from '../wire/errors.ts';
import { toValidationErrors } from '../wire/method.ts';
import { MAX_DOC_BYTES, tooLargeMessage } from './docContent.ts';

const docText = z
  .union([safeText(1000), z.number()])
  .nullable()
  .optional();
const docObject = z
  .object(
    {
      fileName: docText,
      DocName: docText,
      mimeType: docText,
      base64: safeText(Number.MAX_SAFE_INTEGER).nullable().optional(),
      DocTypeCd: docText,
      docType: docText,
      DocDate: docText,
      docDate: docText,
    },
    { error: 'The document must be JSON with fileName, mimeType and base64' },
  )
  .loose();
/** A document as the client sends it (docJson): JSON text or an object with fileName, mimeType,
 * base64 (and a type and date where the column takes them), each text or a number, no NUL. */
export const docJsonInput = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}, docObject);

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
