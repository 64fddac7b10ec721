// A machine readable zone of a travel document (ICAO Doc 9303) as DocOCR returns it: the server
// reads and checks it (server/src/kyc/mrz.ts), the back office shows it to reviewers.

export type MrzFormat = 'TD3' | 'TD1';

/** The check digits of a zone; `optionalData` only where the format has one (TD3). */
export interface MrzCheckDigits {
  documentNumber: boolean;
  birthDate: boolean;
  expiryDate: boolean;
  optionalData?: boolean;
  composite: boolean;
}

export interface Mrz {
  format: MrzFormat;
  /** The zone's lines as read (after the corrections the field types allow). */
  lines: string[];
  /** 'P', 'PO', 'I', 'ID', 'AC'... (the filler removed). */
  documentCode: string;
  /** Three-letter code of the issuing state or organisation ('UTO', 'D'). */
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  /** YYYY-MM-DD (the century guessed: not in the future), null when the field is no date. */
  birthDate: string | null;
  sex: 'F' | 'M' | 'X';
  /** YYYY-MM-DD (20YY), null when the field is no date. */
  expiryDate: string | null;
  /** Optional data / personal number fields, fillers removed (TD3: one, TD1: two). */
  optionalData: string[];
  checkDigits: MrzCheckDigits;
  /** Names of the check digits that failed, empty when the zone is consistent. */
  failedCheckDigits: (keyof MrzCheckDigits)[];
}
