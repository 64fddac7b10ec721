// The reviewer's identity checks of a personal KYC record (CynopsisWs FaceCompare and DocOCR) and
// what counts as a failed check: the server refuses to approve against failed checks without a
// reason (server/src/kyc/identityCheckResults.ts), the back office shows the same result beside
// the status (web/src/features/backoffice). One rule, used by both.
import { alpha3OfCountry, isoOfZoneCode } from './countryCodes.ts';
import type { z } from 'zod';
import type * as c from './contracts.ts';
import type { Mrz, MrzCheckDigits } from './mrz.ts';

/** FaceCompare's verdict, as staff checks keep it. */
export type FaceCheck = z.output<typeof c.faceCheck>;
/** What DocOCR found that the checks use: whether a picture was read, and its zone. */
export type DocumentCheck = z.output<typeof c.documentCheck>;
/** FaceCompare's reply: the JSON text's value. */
export type FaceCompareResult = z.output<typeof c.faceCompareResult>;
/** DocOCR's reply: the JSON text's value. */
export type DocOcrResult = z.output<typeof c.docOcrResult>;

/** The latest checks of a record, as far as they ran. */
export interface IdentityChecks {
  faces?: FaceCheck | null;
  document?: DocumentCheck | null;
}

/** CynopsisWs GetIdentityChecks reply (staff only). */
export type IdentityCheckResults = z.output<typeof c.identityCheckResults>;
/** One stored check: its result, when and by whom. */
export type RecordedFaceCheck = NonNullable<IdentityCheckResults['faces']>;
export type RecordedDocumentCheck = NonNullable<IdentityCheckResults['document']>;
/** The server's liveness check of the record's owner: the numbers the customer is not shown. */
export type LivenessRecord = z.output<typeof c.livenessRecordSchema>;

/** Statuses that approve a KYC record (spec 002 section 4: AP). */
export const APPROVING_KYC_STATUSES: readonly string[] = ['AP'];

/** Names of the zone's check digits as a reviewer reads them. */
export const CHECK_DIGIT_NAMES: Record<keyof MrzCheckDigits, string> = {
  documentNumber: 'document number',
  birthDate: 'date of birth',
  expiryDate: 'expiry date',
  optionalData: 'optional data',
  composite: 'composite',
};

export interface ComparedField {
  field: string;
  document: string;
  record: string;
  /** null where the record holds nothing comparable. */
  agrees: boolean | null;
}

/** Words of a name as a zone holds them: A-Z only, accents dropped. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

// Names are compared as ICAO writes them (capitals A-Z, accents dropped, words in any order); the
// zone may cut long names short, so a record word agrees with a zone word it starts with.
function namesAgree(zone: string[], record: string[]): boolean {
  if (zone.length === 0 || record.length === 0) return false;
  const left = [...record];
  for (const z of zone) {
    const i = left.findIndex((r) => r === z || (z.length >= 2 && r.startsWith(z)));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return left.length === 0;
}

const day = (v: unknown): string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '';
const plain = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
const docNumber = (v: string): string => v.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Each field of a machine readable zone set against what the customer entered (a KycPerson15 row). */
export function compareWithRecord(mrz: Mrz, mst: Record<string, unknown>): ComparedField[] {
  const zoneName = [mrz.surname, mrz.givenNames].filter(Boolean).join(' ');
  const recordName = plain(mst.Name15);
  const fields: ComparedField[] = [];
  const add = (field: string, document: string, record: string, agrees: boolean | null) =>
    fields.push({ field, document, record, agrees: record ? agrees : null });
  add('Name', zoneName, recordName, namesAgree(nameWords(zoneName), nameWords(recordName)));
  add('Date of birth', mrz.birthDate ?? '', day(mst.DateOfBirth15), mrz.birthDate === day(mst.DateOfBirth15));
  const recordNumber = plain(mst.IdNumber15);
  add(
    'Document number',
    mrz.documentNumber,
    recordNumber,
    docNumber(mrz.documentNumber) === docNumber(recordNumber),
  );
  add(
    'Expiry date',
    mrz.expiryDate ?? '',
    day(mst.IdExpiryDate15),
    mrz.expiryDate === day(mst.IdExpiryDate15),
  );
  const sex = plain(mst.GenderCd15);
  add('Sex', mrz.sex, sex, sex === mrz.sex);
  // The record holds payd's alpha-2 country code, the zone an ICAO alpha-3 code.
  const nationality = plain(mst.NationalityId15);
  const nationality3 = alpha3OfCountry(nationality);
  const named = plain(mst.NationalityId15Text);
  add(
    'Nationality',
    mrz.nationality,
    nationality && `${nationality3 || nationality}${named ? ` (${named})` : ''}`,
    nationality3 !== '' && isoOfZoneCode(mrz.nationality) === nationality3,
  );
  return fields;
}

/**
 * What did not pass in the latest checks, in words ('face not a match', 'no machine readable
 * zone', 'check digits wrong (composite)', 'fields disagree with the record (name)'); empty when
 * every check that ran passed. A document that was not read (a PDF) is no verdict either way.
 */
export function identityCheckFailures(checks: IdentityChecks, record: Record<string, unknown>): string[] {
  const failures: string[] = [];
  if (checks.faces && !checks.faces.match) failures.push('face not a match');
  const doc = checks.document;
  if (doc && doc.ocr === 'done') {
    const mrz = doc.mrz;
    if (!mrz) failures.push('no machine readable zone');
    else {
      if (mrz.failedCheckDigits.length)
        failures.push(
          `check digits wrong (${mrz.failedCheckDigits.map((c) => CHECK_DIGIT_NAMES[c] ?? c).join(', ')})`,
        );
      const disagree = compareWithRecord(mrz, record).filter((f) => f.agrees === false);
      if (disagree.length)
        failures.push(
          `fields disagree with the record (${disagree.map((f) => f.field.toLowerCase()).join(', ')})`,
        );
    }
  }
  return failures;
}

/** Why an approval against failed checks needs a reason (shown by the Reason field). */
export function approveAgainstChecksMessage(failures: readonly string[]): string {
  return `The identity checks did not pass: ${failures.join(', ')}. Give a reason to approve anyway.`;
}
