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
  text: string;
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
  if (failures.length === 0) return { text: 'Identity checks passed', tone: 'passed' };
  if (!APPROVING_KYC_STATUSES.includes(status.edited))
    return { text: `The identity checks did not pass: ${failures.join(', ')}.`, tone: 'failed' };
  if (status.saved === status.edited)
    return {
      text: `Approved despite the identity checks (${failures.join(', ')}); the reason is in the status history.`,
      tone: 'approved',
    };
  return { text: approveAgainstChecksMessage(failures), tone: 'failed' };
}
