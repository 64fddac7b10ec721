// Document text (ocr.ts) and machine readable zones (mrz.ts): the ICAO Doc 9303 specimen zones
// (UTOPIA, ERIKSSON ANNA MARIA), damaged ones, and the real Tesseract engine on the rendered
// specimen page (fixtures/passport-specimen.png), on the e2e journeys' passport picture and on
// photos without text.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeJpeg } from './livenessImage.ts';
import { checkDigit, findMrz, parseTd1, parseTd3 } from './mrz.ts';
import { OcrInputError, closeDocumentReader, ocrEngineFiles, readDocumentText } from './ocr.ts';

const TD3 = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
] as const;
const TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
] as const;
const now = new Date('2026-01-01T00:00:00Z');

const specimenPng = readFileSync(new URL('./fixtures/passport-specimen.png', import.meta.url));
const liveness = (name: string) =>
  readFileSync(new URL(`../../../e2e/fixtures/liveness/${name}`, import.meta.url));

describe('check digits (ICAO 9303 part 3: 7-3-1 weights)', () => {
  it('computes the check digits printed in the specimen zones', () => {
    expect(checkDigit('L898902C3')).toBe(6);
    expect(checkDigit('740812')).toBe(2);
    expect(checkDigit('120415')).toBe(9);
    expect(checkDigit('ZE184226B<<<<<')).toBe(1);
    expect(checkDigit('D23145890')).toBe(7);
    expect(checkDigit('<<<<')).toBe(0);
  });
});

describe('TD3 zone (passport, 2 x 44)', () => {
  it('reads every field of the specimen and finds all five check digits right', () => {
    const mrz = parseTd3(TD3[0], TD3[1], { now })!;
    expect(mrz).toMatchObject({
      format: 'TD3',
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
    });
  });

  it('names the check digits a corrupted digit breaks', () => {
    // Birth date 740812 read as 740813: its own check digit and the composite one fail.
    const birth = parseTd3(TD3[0], TD3[1].replace('7408122', '7408132'), { now })!;
    expect(birth.failedCheckDigits).toEqual(['birthDate', 'composite']);
    expect(birth.birthDate).toBe('1974-08-13');
    // Only the composite check digit changed: everything else checks, the composite does not.
    const composite = parseTd3(TD3[0], TD3[1].slice(0, 43) + '1', { now })!;
    expect(composite.failedCheckDigits).toEqual(['composite']);
    // A document number letter changed: its check digit and the composite fail.
    const number = parseTd3(TD3[0], TD3[1].replace('L898902C3', 'L898902C8'), { now })!;
    expect(number.failedCheckDigits).toEqual(['documentNumber', 'composite']);
  });

  it('finds the zone in OCR text with spaces, « for <, and O/0 confusions where the field type allows', () => {
    const text = [
      'UTOPIA PASSPORT',
      'Surname ERIKSSON',
      'P<UT0ERIKSSON««ANNA‹MARIA << < <<<<<<<<<<<<<<<',
      'L898902C36 UT0 74O8122F12O4159ZE184226B<<<<<10',
      'signature',
    ].join('\n');
    const mrz = findMrz(text, { now })!;
    expect(mrz.format).toBe('TD3');
    expect(mrz.lines).toEqual([...TD3]);
    expect(mrz.failedCheckDigits).toEqual([]);
    expect(findMrz(TD3.join('\n').replaceAll('<', '«'), { now })?.failedCheckDigits).toEqual([]);
  });

  it('does not repair alphanumeric fields: a 7 read for the Z of the personal number fails its check digits', () => {
    const mrz = findMrz(`${TD3[0]}\n${TD3[1].replace('ZE18', '7E18')}`, { now })!;
    expect(mrz.optionalData).toEqual(['7E184226B']);
    expect(mrz.failedCheckDigits).toEqual(['optionalData', 'composite']);
  });

  it('finds nothing in text without a zone', () => {
    expect(findMrz('UTOPIA PASSPORT\nERIKSSON ANNA MARIA\n12 AUG 1974')).toBeNull();
    expect(findMrz(TD3[0])).toBeNull();
  });
});

describe('TD1 zone (ID card, 3 x 30)', () => {
  it('reads every field of the specimen and finds all four check digits right', () => {
    const mrz = parseTd1(TD1[0], TD1[1], TD1[2], { now })!;
    expect(mrz).toMatchObject({
      format: 'TD1',
      documentCode: 'I',
      issuingState: 'UTO',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      documentNumber: 'D23145890',
      nationality: 'UTO',
      birthDate: '1974-08-12',
      sex: 'F',
      expiryDate: '2012-04-15',
      checkDigits: { documentNumber: true, birthDate: true, expiryDate: true, composite: true },
      failedCheckDigits: [],
    });
    expect(findMrz(`card\n${TD1.join('\n')}\n`, { now })?.format).toBe('TD1');
  });

  it('names the check digits a corrupted digit breaks', () => {
    const expiry = parseTd1(TD1[0], TD1[1].replace('1204159', '1204169'), TD1[2], { now })!;
    expect(expiry.failedCheckDigits).toEqual(['expiryDate', 'composite']);
    const number = parseTd1(TD1[0].replace('D231458907', 'D231458917'), TD1[1], TD1[2], { now })!;
    expect(number.failedCheckDigits).toEqual(['documentNumber', 'composite']);
  });

  it('reads a document number longer than nine characters from the optional data', () => {
    // 12 characters: the first 9, '<' in place of the check digit, then the rest and its check digit.
    const long = 'D23145890AB1';
    const line1 = `I<UTO${long.slice(0, 9)}<${long.slice(9)}${checkDigit(long)}`.padEnd(30, '<');
    const line2 = '7408122F1204159UTO<<<<<<<<<<<';
    const composite = checkDigit(
      line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29),
    );
    const mrz = parseTd1(line1, line2 + composite, TD1[2], { now })!;
    expect(mrz.documentNumber).toBe(long);
    expect(mrz.failedCheckDigits).toEqual([]);
  });
});

describe('document text with Tesseract (the npm packages, no network)', () => {
  afterAll(closeDocumentReader);

  it('uses only local files for the engine, the worker and the English model', () => {
    const files = ocrEngineFiles();
    for (const path of Object.values(files)) {
      expect(path.startsWith('/')).toBe(true);
      expect(path).not.toMatch(/https?:/);
      expect(path).toContain('node_modules');
    }
    expect(readFileSync(`${files.langPath}/eng.traineddata.gz`).length).toBeGreaterThan(1_000_000);
  });

  it('reads the specimen passport page: its printed words and its zone, every check digit right', async () => {
    const result = await readDocumentText(specimenPng);
    expect(result.ocr).toBe('done');
    if (result.ocr !== 'done') return;
    expect(result.text).toContain('PASSPORT');
    expect(result.text).toContain('ERIKSSON');
    expect(result.text).toContain('ANNA MARIA');
    expect(result.text).toContain('L898902C3');
    expect(result.confidence).toBeGreaterThan(0.6);
    expect(result.mrz).toMatchObject({
      format: 'TD3',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      documentNumber: 'L898902C3',
      nationality: 'UTO',
      birthDate: '1974-08-12',
      expiryDate: '2012-04-15',
      failedCheckDigits: [],
    });
    expect(result.mrz!.lines).toEqual([...TD3]);
  });

  it('reads the same page from a decoded JPEG, as DocOCR passes it', async () => {
    const jpeg = readFileSync(new URL('./fixtures/passport-specimen.jpg', import.meta.url));
    const result = await readDocumentText(decodeJpeg(jpeg));
    expect(result.ocr === 'done' && result.mrz?.failedCheckDigits).toEqual([]);
  });

  it('reads the e2e passport picture: white print on a pale tint, as uploaded and as stored', async () => {
    // Tesseract's default global threshold put this print on the background's side: no text.
    const png = readFileSync(new URL('../../../e2e/fixtures/docs/passport.png', import.meta.url));
    // The same picture as the web stores an upload (fitted to 1024 x 768, JPEG quality 0.85).
    const stored = readFileSync(new URL('./fixtures/passport-fixture-upload.jpg', import.meta.url));
    for (const picture of [png, decodeJpeg(stored)]) {
      const result = await readDocumentText(picture);
      expect(result.ocr).toBe('done');
      if (result.ocr !== 'done') continue;
      expect(result.text).toContain('PASSPORT');
      expect(result.text).toContain('Test fixture, not a real ID');
      expect(result.confidence).toBeGreaterThan(0.8);
      // The picture has no machine readable zone, and none is made up.
      expect(result.mrz).toBeUndefined();
    }
  });

  it('finds no text and no zone on photos of a face and of a room', async () => {
    for (const name of ['selfie.jpg', 'no-face.jpg']) {
      const result = await readDocumentText(liveness(name));
      expect(result.ocr).toBe('done');
      if (result.ocr !== 'done') continue;
      expect(result.mrz).toBeUndefined();
      // Tesseract may see a stray mark in a photo; it is short and it says it is unsure.
      expect(result.text.length < 10 || result.confidence < 0.5).toBe(true);
    }
  });

  it('names a PDF instead of reading it, and refuses what is no picture', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    expect(await readDocumentText(pdf)).toEqual({ ocr: 'pdf not supported', text: null, confidence: null });
    await expect(readDocumentText(Buffer.from('GIF89a not a supported picture'))).rejects.toBeInstanceOf(
      OcrInputError,
    );
  });
});
