// The pictures FaceCompare and DocOCR name by URI: a `data:image/jpeg;base64,` URI, `payd:selfie`
// (the caller's stored selfie), `payd:selfie/<kycPersonId>`, `payd:doc/<docId>` (a supporting
// document) or `payd:id-doc[/<kycPersonId>]` (the newest JPEG document of type ID). Customers
// reach only their own records; KYC reviewers and admins any.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { isStaff } from '../framework/roles.ts';
import { rows } from '../framework/sqlText.ts';
import { forbidden, invalidField } from '../wire/errors.ts';
import type { AuthUser } from '../wire/method.ts';
import { PictureError, base64Bytes, dataUriBytes, decodeJpeg } from './livenessImage.ts';
import type { RgbImage } from './livenessProvider.ts';
import { isPdf } from './ocr.ts';

function picture(bytes: Buffer | null, field: string): RgbImage {
  if (!bytes) throw invalidField(field, 'The picture could not be read.');
  try {
    return decodeJpeg(bytes);
  } catch (error) {
    if (error instanceof PictureError) throw invalidField(field, error.message);
    throw error;
  }
}

async function storedSelfie(
  db: Db,
  id: string | undefined,
  user: AuthUser,
  field: string,
): Promise<RgbImage> {
  const found = id
    ? await rows(db, sql`SELECT pic_med, input_for FROM kyc_person WHERE kyc_person_id = ${Number(id)}`)
    : await rows(
        db,
        sql`SELECT pic_med, input_for FROM kyc_person WHERE input_for = ${user.usrId}
            ORDER BY kyc_person_id LIMIT 1`,
      );
  const row = found[0];
  if (!row || (!isStaff(user.role) && Number(row.input_for) !== user.usrId)) throw forbidden();
  if (typeof row.pic_med !== 'string') throw invalidField(field, 'There is no selfie yet.');
  let stored: { base64?: unknown };
  try {
    stored = JSON.parse(row.pic_med) as { base64?: unknown };
  } catch {
    throw invalidField(field, 'There is no selfie yet.');
  }
  return picture(typeof stored.base64 === 'string' ? base64Bytes(stored.base64) : null, field);
}

async function storedDocument(
  db: Db,
  doc: RegExpExecArray | null,
  idDoc: RegExpExecArray | null,
  user: AuthUser,
  field: string,
): Promise<RgbImage> {
  const staff = isStaff(user.role);
  const found = doc
    ? await rows(
        db,
        sql`SELECT d.content, p.input_for FROM kyc_person_doc d
            JOIN kyc_person p ON p.kyc_person_id = d.kyc_person_id
            WHERE d.doc_id = ${Number(doc[1])}`,
      )
    : // The newest ID document picture of a record (the caller's own when no id is given).
      await rows(
        db,
        sql`SELECT d.content, p.input_for FROM kyc_person_doc d
            JOIN kyc_person p ON p.kyc_person_id = d.kyc_person_id
            WHERE ${idDoc![1] ? sql`p.kyc_person_id = ${Number(idDoc![1])}` : sql`p.input_for = ${user.usrId}`}
              AND d.doc_type_cd = 'ID' AND d.mime_type = 'image/jpeg'
            ORDER BY d.doc_id DESC LIMIT 1`,
      );
  // The caller's own record, or staff naming any: say what is missing. A customer naming
  // another record learns nothing (403 below).
  if (idDoc && !found[0] && (!idDoc[1] || staff))
    throw invalidField(field, 'There is no ID document picture yet.');
  const row = found[0];
  if (!row || (!staff && Number(row.input_for) !== user.usrId)) throw forbidden();
  const content = row.content;
  const bytes =
    content instanceof Uint8Array
      ? Buffer.from(content)
      : typeof content === 'string' && content.startsWith('\\x')
        ? Buffer.from(content.slice(2), 'hex')
        : null;
  return picture(bytes, field);
}

/** The picture `value` names, decoded; `field` names the body field in a 400. */
export async function resolveUri(db: Db, value: string, user: AuthUser, field: string): Promise<RgbImage> {
  const inline = dataUriBytes(value);
  if (inline) return picture(inline, field);
  const selfie = /^payd:selfie(?:\/(\d{1,9}))?$/.exec(value);
  if (selfie) return storedSelfie(db, selfie[1], user, field);
  const doc = /^payd:doc\/(\d{1,9})$/.exec(value);
  const idDoc = /^payd:id-doc(?:\/(\d{1,9}))?$/.exec(value);
  if (doc || idDoc) return storedDocument(db, doc, idDoc, user, field);
  throw invalidField(field, 'The picture could not be read.');
}

/**
 * A PDF (a stored document or a data URI) is named in DocOCR's reply, not read (LIVENESS.md).
 * A stored one is looked up under resolveUri's rule: the owner's, or any for staff.
 */
export async function isPdfDocument(db: Db, value: string, user: AuthUser): Promise<boolean> {
  let inline: Buffer | null = null;
  try {
    inline = dataUriBytes(value);
  } catch {
    return false; // resolveUri says what is wrong with it
  }
  if (inline) return isPdf(inline);
  const doc = /^payd:doc\/(\d{1,9})$/.exec(value);
  if (!doc) return false;
  const found = await rows(
    db,
    sql`SELECT d.mime_type, p.input_for FROM kyc_person_doc d
        JOIN kyc_person p ON p.kyc_person_id = d.kyc_person_id
        WHERE d.doc_id = ${Number(doc[1])}`,
  );
  const row = found[0];
  if (!row || (!isStaff(user.role) && Number(row.input_for) !== user.usrId)) throw forbidden();
  return row.mime_type === 'application/pdf';
}
