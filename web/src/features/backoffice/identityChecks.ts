// What a reviewer sees of a machine readable zone next to the customer's own entries, and which
// identity checks failed: the rules live once in packages/schemas (the server refuses an approval
// against failed checks without a reason by the same rule).
import { APPROVING_KYC_STATUSES, approveAgainstChecksMessage } from '@payd/schemas';

export {
  APPROVING_KYC_STATUSES,
  CHECK_DIGIT_NAMES,
  approveAgainstChecksMessage,
  compareWithRecord,
  identityCheckFailures,
  nameWords,
  type ComparedField,
} from '@payd/schemas';

export interface IdentityCheckNoteText {
  /** In English (the spec's words); the page shows message `id` with the failures translated. */
  text: string;
  id: 'staff.note.passed' | 'staff.note.failed' | 'staff.note.askReason' | 'staff.note.approved';
  tone: 'passed' | 'failed' | 'approved';
}

/**
 * The note beside the status: whether the latest checks passed; when the reviewer picks an
 * approving status against failed checks, why a reason is needed; once that approval is saved,
 * that the record was approved despite them (not the question again, which reads as if the
 * approval had not happened).
 */
export function identityCheckNote(
  failures: readonly string[],
  status: { edited: string; saved: string | undefined },
): IdentityCheckNoteText {
  if (failures.length === 0)
    return { text: 'Identity checks passed', id: 'staff.note.passed', tone: 'passed' };
  if (!APPROVING_KYC_STATUSES.includes(status.edited))
    return {
      text: `The identity checks did not pass: ${failures.join(', ')}.`,
      id: 'staff.note.failed',
      tone: 'failed',
    };
  if (status.saved === status.edited)
    return {
      text: `Approved despite the identity checks (${failures.join(', ')}); the reason is in the status history.`,
      id: 'staff.note.approved',
      tone: 'approved',
    };
  return { text: approveAgainstChecksMessage(failures), id: 'staff.note.askReason', tone: 'failed' };
}

/** The zone fields compareWithRecord names, as failures name them (lower case) → their label. */
export const COMPARED_FIELDS = [
  'Name',
  'Date of birth',
  'Document number',
  'Expiry date',
  'Sex',
  'Nationality',
];

/** The words of a failure identityCheckFailures names, as a catalogue message: `id` with
 * `names` (the English names of check digits or fields, each translated on its own), or an
 * English text shown as it came. */
export function failureMessage(
  failure: string,
): { id: string; names?: readonly string[] } | { text: string } {
  if (failure === 'face not a match') return { id: 'staff.failure.face' };
  if (failure === 'no machine readable zone') return { id: 'staff.failure.noMrz' };
  const listed = /^(check digits wrong|fields disagree with the record) \((.*)\)$/.exec(failure);
  if (!listed) return { text: failure };
  const names = listed[2]!.split(', ');
  if (listed[1] === 'check digits wrong') return { id: 'staff.failure.digits', names };
  return {
    id: 'staff.failure.fields',
    names: names.map((n) => COMPARED_FIELDS.find((f) => f.toLowerCase() === n) ?? n),
  };
}
