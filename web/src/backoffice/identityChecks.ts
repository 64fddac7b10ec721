// What a reviewer sees of a machine readable zone next to the customer's own entries: each field
// read from the document, what the record says, and whether they agree. Names are compared as
// ICAO writes them (capitals A-Z, accents dropped, words in any order); the zone may cut long
// names short, so a record word agrees with a zone word it starts with.
import type { Mrz } from '@payd/schemas';

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
  fields.push({ field: 'Nationality', document: mrz.nationality, record: '', agrees: null });
  return fields;
}
