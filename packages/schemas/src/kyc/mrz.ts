// A machine readable zone of a travel document (ICAO Doc 9303) as DocOCR returns it: the server
// reads and checks it (server/src/kyc/mrz.ts), the back office shows it to reviewers. The shape
// is DocOCR's reply schema (contracts.ts mrzSchema).
import type { z } from 'zod';
import type { mrzCheckDigits, mrzSchema } from './contracts.ts';

export type Mrz = z.output<typeof mrzSchema>;
export type MrzFormat = Mrz['format'];
/** The check digits of a zone; `optionalData` only where the format has one (TD3). */
export type MrzCheckDigits = z.output<typeof mrzCheckDigits>;
