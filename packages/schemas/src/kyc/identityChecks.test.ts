import { describe, expect, it } from 'vitest';
import type { Mrz } from './mrz.ts';
import { alpha3OfCountry } from './countryCodes.ts';
import {
  approveAgainstChecksMessage,
  compareWithRecord,
  identityCheckFailures,
  nameWords,
} from './identityChecks.ts';

// The ICAO 9303 specimen passport (Utopia, Anna Maria Eriksson).
const specimen: Mrz = {
  format: 'TD3',
  lines: [],
  documentCode: 'P',
  issuingState: 'UTO',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: 'L898902C3',
  nationality: 'UTO',
  birthDate: '1974-08-12',
  sex: 'F',
  expiryDate: '2012-04-15',
  optionalData: ['ZE184226B'],
  checkDigits: {
    documentNumber: true,
    birthDate: true,
    expiryDate: true,
    optionalData: true,
    composite: true,
  },
  failedCheckDigits: [],
};

const agreement = (mst: Record<string, unknown>) =>
  Object.fromEntries(compareWithRecord(specimen, mst).map((f) => [f.field, f.agrees]));

describe('the zone set against the record', () => {
  it('agrees with the same person entered with accents, mixed case and another word order', () => {
    expect(
      agreement({
        Name15: 'Anna María Eriksson',
        DateOfBirth15: '1974-08-12',
        IdNumber15: 'l898 902-c3',
        IdExpiryDate15: '2012-04-15T00:00:00.000Z',
        GenderCd15: 'F',
      }),
    ).toEqual({
      Name: true,
      'Date of birth': true,
      'Document number': true,
      'Expiry date': true,
      Sex: true,
      Nationality: null,
    });
  });

  it('flags each field that differs, and leaves out what the record does not hold', () => {
    expect(
      agreement({
        Name15: 'Anna Eriksson',
        DateOfBirth15: '1974-08-21',
        IdNumber15: 'L898902C4',
        GenderCd15: 'M',
      }),
    ).toEqual({
      Name: false,
      'Date of birth': false,
      'Document number': false,
      'Expiry date': null,
      Sex: false,
      Nationality: null,
    });
  });

  it("sets the record's nationality against the zone's alpha-3 code", () => {
    const german = { ...specimen, nationality: 'D' };
    const rows = compareWithRecord(german, { NationalityId15: 'DE', NationalityId15Text: 'Germany' });
    expect(rows.find((f) => f.field === 'Nationality')).toEqual({
      field: 'Nationality',
      document: 'D',
      record: 'DEU (Germany)',
      agrees: true,
    });
    const british = { ...specimen, nationality: 'GBR' };
    expect(
      compareWithRecord(british, { NationalityId15: 'GB' }).find((f) => f.field === 'Nationality'),
    ).toEqual({ field: 'Nationality', document: 'GBR', record: 'GBR', agrees: true });
    expect(
      compareWithRecord(british, { NationalityId15: 'FR' }).find((f) => f.field === 'Nationality')?.agrees,
    ).toBe(false);
    expect(alpha3OfCountry('gb')).toBe('GBR');
    expect(alpha3OfCountry('ZZ')).toBe('');
  });

  it('takes a name the zone cut short', () => {
    const cut = { ...specimen, givenNames: 'ANNA MARI' };
    expect(compareWithRecord(cut, { Name15: 'Anna Maria Eriksson' })[0]!.agrees).toBe(true);
  });

  it('writes names as a zone does', () => {
    expect(nameWords("  Zoë O'Brien-Müller ")).toEqual(['ZOE', 'O', 'BRIEN', 'MULLER']);
  });
});

describe('failed identity checks', () => {
  const same = {
    Name15: 'Anna Maria Eriksson',
    DateOfBirth15: '1974-08-12',
    IdNumber15: 'L898902C3',
    IdExpiryDate15: '2012-04-15',
    GenderCd15: 'F',
  };
  const match = { match: true, similarity: 0.93, threshold: 0.7, selfieFaces: 1, documentFaces: 1 };

  it('none when nothing ran, or every check that ran passed', () => {
    expect(identityCheckFailures({}, same)).toEqual([]);
    expect(identityCheckFailures({ faces: match, document: { ocr: 'done', mrz: specimen } }, same)).toEqual(
      [],
    );
    // A PDF that was not read is no verdict.
    expect(identityCheckFailures({ document: { ocr: 'pdf not supported', mrz: null } }, same)).toEqual([]);
  });

  it('names each failure: faces, a missing zone, wrong check digits, fields that disagree', () => {
    expect(
      identityCheckFailures(
        { faces: { ...match, match: false, similarity: 0.2 }, document: { ocr: 'done', mrz: null } },
        same,
      ),
    ).toEqual(['face not a match', 'no machine readable zone']);
    const broken: Mrz = { ...specimen, failedCheckDigits: ['documentNumber', 'composite'] };
    expect(
      identityCheckFailures(
        { document: { ocr: 'done', mrz: broken } },
        { ...same, Name15: 'Anna Eriksson', DateOfBirth15: '1990-05-04' },
      ),
    ).toEqual([
      'check digits wrong (document number, composite)',
      'fields disagree with the record (name, date of birth)',
    ]);
  });

  it('says why a reason is needed', () => {
    expect(approveAgainstChecksMessage(['face not a match', 'no machine readable zone'])).toBe(
      'The identity checks did not pass: face not a match, no machine readable zone. Give a reason to approve anyway.',
    );
  });
});
