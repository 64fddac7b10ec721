// Machine readable zones of travel documents (ICAO Doc 9303, parts 3, 4 and 5): finds a TD3
// (passport, 2 lines of 44) or TD1 (ID card, 3 lines of 30) zone in OCR text, reads its fields
// and verifies every check digit, the composite one included. Written from the ICAO rules.

import type { Mrz, MrzCheckDigits, MrzFormat } from '@payd/schemas';

export type { Mrz, MrzCheckDigits, MrzFormat };

const WEIGHTS = [7, 3, 1] as const;

/** ICAO 9303 part 3 check digit: 0-9 as themselves, A-Z as 10-35, '<' as 0, weights 7-3-1, mod 10. */
export function checkDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field.charCodeAt(i);
    const value = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0;
    sum += value * WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

function checks(field: string, digit: string): boolean {
  return /^[0-9]$/.test(digit) && checkDigit(field) === Number(digit);
}

// OCR confuses letters and digits that look alike. A field's type (ICAO: numeric or alphabetic)
// says which one it must be, so only there is a character replaced; alphanumeric fields (document
// number, optional data) are left as read and their check digit decides.
const asDigit: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
};
const asLetter: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
const numeric = (s: string) => s.replace(/[A-Z]/g, (c) => asDigit[c] ?? c);
const alphabetic = (s: string) => s.replace(/[0-9]/g, (c) => asLetter[c] ?? c);

/** One OCR line as MRZ characters: upper case, no spaces, the chevron look-alikes as '<'. */
export function normalizeMrzLine(line: string): string {
  return line.toUpperCase().replace(/[«‹]/g, '<').replace(/\s+/g, '');
}

const MRZ_CHARS = /^[A-Z0-9<]+$/;

/**
 * A name line may have lost or gained fillers at its end; it is brought back to `length` only
 * there. Any other difference in length makes the line no MRZ line.
 */
function fitFillerEnd(line: string, length: number): string | null {
  if (line.length === length) return line;
  if (!line.endsWith('<')) return null;
  if (line.length > length) return /^<+$/.test(line.slice(length)) ? line.slice(0, length) : null;
  return length - line.length <= 3 ? line.padEnd(length, '<') : null;
}

function date(yymmdd: string, century: (yy: number) => number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  const year = century(yy) + yy;
  const d = new Date(Date.UTC(year, mm - 1, dd));
  if (d.getUTCMonth() !== mm - 1) return null;
  return d.toISOString().slice(0, 10);
}

function names(field: string): { surname: string; givenNames: string } {
  const [primary = '', ...rest] = field.replace(/<+$/, '').split('<<');
  const clean = (s: string) => s.replace(/</g, ' ').trim();
  return { surname: clean(primary), givenNames: clean(rest.join(' ')) };
}

function sex(c: string): 'F' | 'M' | 'X' {
  return c === 'F' || c === 'M' ? c : 'X';
}

function failed(checkDigits: MrzCheckDigits): (keyof MrzCheckDigits)[] {
  return (Object.keys(checkDigits) as (keyof MrzCheckDigits)[]).filter((k) => checkDigits[k] === false);
}

export interface MrzOptions {
  /** Today, to put a birth year in the right century. */
  now?: Date;
}

function birthCentury(now: Date) {
  const thisYear = now.getUTCFullYear() % 100;
  return (yy: number) => (yy > thisYear ? 1900 : 2000);
}
const expiryCentury = () => 2000;

/** Reads a TD3 zone (two lines of 44 characters, already normalised). */
export function parseTd3(line1: string, line2: string, options: MrzOptions = {}): Mrz | null {
  if (line1.length !== 44 || line2.length !== 44 || !MRZ_CHARS.test(line1 + line2)) return null;
  const code = alphabetic(line1.slice(0, 2));
  const state = alphabetic(line1.slice(2, 5));
  const name = alphabetic(line1.slice(5));
  const l1 = code + state + name;
  const documentNumber = line2.slice(0, 9);
  const documentCheck = numeric(line2[9]!);
  const nationality = alphabetic(line2.slice(10, 13));
  const birth = numeric(line2.slice(13, 19));
  const birthCheck = numeric(line2[19]!);
  const sexField = line2[20]!;
  const expiry = numeric(line2.slice(21, 27));
  const expiryCheck = numeric(line2[27]!);
  const optional = line2.slice(28, 42);
  const optionalCheck = line2[42] === '<' ? '<' : numeric(line2[42]!);
  const compositeCheck = numeric(line2[43]!);
  const l2 =
    documentNumber +
    documentCheck +
    nationality +
    birth +
    birthCheck +
    sexField +
    expiry +
    expiryCheck +
    optional +
    optionalCheck +
    compositeCheck;
  const composite = l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43);
  const checkDigits: MrzCheckDigits = {
    documentNumber: checks(documentNumber, documentCheck),
    birthDate: checks(birth, birthCheck),
    expiryDate: checks(expiry, expiryCheck),
    // An empty personal number may carry '<' as its check digit (Doc 9303 part 4).
    optionalData: optionalCheck === '<' ? /^<+$/.test(optional) : checks(optional, optionalCheck),
    composite: checks(composite, compositeCheck),
  };
  return {
    format: 'TD3',
    lines: [l1, l2],
    documentCode: code.replace(/</g, ''),
    issuingState: state.replace(/</g, ''),
    ...names(name),
    documentNumber: documentNumber.replace(/</g, ''),
    nationality: nationality.replace(/</g, ''),
    birthDate: date(birth, birthCentury(options.now ?? new Date())),
    sex: sex(sexField),
    expiryDate: date(expiry, expiryCentury),
    optionalData: [optional.replace(/<+$/, '')],
    checkDigits,
    failedCheckDigits: failed(checkDigits),
  };
}

/** Reads a TD1 zone (three lines of 30 characters, already normalised). */
export function parseTd1(line1: string, line2: string, line3: string, options: MrzOptions = {}): Mrz | null {
  if ([line1, line2, line3].some((l) => l.length !== 30) || !MRZ_CHARS.test(line1 + line2 + line3))
    return null;
  const code = alphabetic(line1.slice(0, 2));
  const state = alphabetic(line1.slice(2, 5));
  const l1 = code + state + line1.slice(5);
  const birth = numeric(line2.slice(0, 6));
  const birthCheck = numeric(line2[6]!);
  const sexField = line2[7]!;
  const expiry = numeric(line2.slice(8, 14));
  const expiryCheck = numeric(line2[14]!);
  const nationality = alphabetic(line2.slice(15, 18));
  const optional2 = line2.slice(18, 29);
  const compositeCheck = numeric(line2[29]!);
  const l2 = birth + birthCheck + sexField + expiry + expiryCheck + nationality + optional2 + compositeCheck;
  const name = alphabetic(line3);

  // A document number longer than 9 characters goes on in the optional data, its check digit
  // last, with '<' where the check digit would be (Doc 9303 part 5).
  let documentNumber = l1.slice(5, 14);
  let documentCheck = numeric(l1[14]!);
  let optional1 = l1.slice(15, 30);
  if (l1[14] === '<' && /^[A-Z0-9]/.test(optional1)) {
    const rest = optional1.replace(/<.*$/, '');
    documentNumber += rest.slice(0, -1);
    documentCheck = numeric(rest.slice(-1));
    optional1 = optional1.slice(rest.length);
  }
  const composite = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  const checkDigits: MrzCheckDigits = {
    documentNumber: checks(documentNumber, documentCheck),
    birthDate: checks(birth, birthCheck),
    expiryDate: checks(expiry, expiryCheck),
    composite: checks(composite, compositeCheck),
  };
  return {
    format: 'TD1',
    lines: [l1, l2, name],
    documentCode: code.replace(/</g, ''),
    issuingState: state.replace(/</g, ''),
    ...names(name),
    documentNumber: documentNumber.replace(/</g, ''),
    nationality: nationality.replace(/</g, ''),
    birthDate: date(birth, birthCentury(options.now ?? new Date())),
    sex: sex(sexField),
    expiryDate: date(expiry, expiryCentury),
    optionalData: [optional1, optional2].map((s) => s.replace(/^<+|<+$/g, '')),
    checkDigits,
    failedCheckDigits: failed(checkDigits),
  };
}

/**
 * The machine readable zone in OCR text, if there is one: two consecutive lines of 44 characters
 * (TD3) or three of 30 (TD1). When several candidates read, the one with fewest failed check
 * digits wins.
 */
export function findMrz(text: string, options: MrzOptions = {}): Mrz | null {
  const lines = text
    .split(/\r?\n/)
    .map(normalizeMrzLine)
    .filter((l) => l.length > 0);
  const found: Mrz[] = [];
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i]!;
    const b = lines[i + 1];
    const c = lines[i + 2];
    if (b && /^[A-Z0-9]/.test(a) && a.includes('<')) {
      const first = fitFillerEnd(a, 44);
      if (first) {
        const td3 = parseTd3(first, b, options);
        if (td3) found.push(td3);
      }
    }
    if (b && c && /^[ACI]/.test(a)) {
      const first = fitFillerEnd(a, 30);
      const third = fitFillerEnd(c, 30);
      if (first && third) {
        const td1 = parseTd1(first, b, third, options);
        if (td1) found.push(td1);
      }
    }
  }
  found.sort((x, y) => x.failedCheckDigits.length - y.failedCheckDigits.length);
  return found[0] ?? null;
}
