// The pictures FaceCompare and DocOCR name by URI: a `data:image/jpeg;base64,` URI, `payd:selfie`
// (the caller's stored selfie), `payd:selfie/<kycPersonId>`, `payd:doc/<docId>` (a supporting
// document) or `payd:id-doc[/<kycPersonId>]` (the newest JPEG document of type ID). Customers
// reach only their own records; KYC reviewers and admins any.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { kycPerson, kycPersonDoc } from '../db/schema.ts';
import { isStaff } from '../framework/roles.ts';
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
  const selfie = db.select({ picMed: kycPerson.picMed, inputFor: kycPerson.inputFor }).from(kycPerson);
  const found = id
    ? await selfie.where(eq(kycPerson.kycPersonId, Number(id)))
    : await selfie.where(eq(kycPerson.inputFor, user.usrId)).orderBy(kycPerson.kycPersonId).limit(1);
  const row = found[0];
  if (!row || (!isStaff(user.role) && row.inputFor !== user.usrId)) throw forbidden();
  if (typeof row.picMed !== 'string') throw invalidField(field, 'There is no selfie yet.');
  let stored: { base64?: unknown };
  try {
    stored = JSON.parse(row.picMed) as { base64?: unknown };
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
  const docs = db
    .select({ content: kycPersonDoc.content, inputFor: kycPerson.inputFor })
    .from(kycPersonDoc)
    .innerJoin(kycPerson, eq(kycPerson.kycPersonId, kycPersonDoc.kycPersonId));
  const found = doc
    ? await docs.where(eq(kycPersonDoc.docId, Number(doc[1])))
    : // The newest ID document picture of a record (the caller's own when no id is given).
      await docs
        .where(
          and(
            idDoc![1] ? eq(kycPerson.kycPersonId, Number(idDoc![1])) : eq(kycPerson.inputFor, user.usrId),
            eq(kycPersonDoc.docTypeCd, 'ID'),
            eq(kycPersonDoc.mimeType, 'image/jpeg'),
          ),
        )
        .orderBy(desc(kycPersonDoc.docId))
        .limit(1);
  // The caller's own record, or staff naming any: say what is missing. A customer naming
  // another record learns nothing (403 below).
  if (idDoc && !found[0] && (!idDoc[1] || staff))
    throw invalidField(field, 'There is no ID document picture yet.');
  const row = found[0];
  if (!row || (!staff && row.inputFor !== user.usrId)) throw forbidden();
  // node-postgres reads a Buffer, PGlite a Uint8Array; hex text is read as well.
  const content: unknown = row.content;
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
  const found = await db
    .select({ mimeType: kycPersonDoc.mimeType, inputFor: kycPerson.inputFor })
    .from(kycPersonDoc)
    .innerJoin(kycPerson, eq(kycPerson.kycPersonId, kycPersonDoc.kycPersonId))
    .where(eq(kycPersonDoc.docId, Number(doc[1])));
  const row = found[0];
  if (!row || (!isStaff(user.role) && row.inputFor !== user.usrId)) throw forbidden();
  return row.mimeType === 'application/pdf';
}
