// What a reviewer sees of a machine readable zone next to the customer's own entries, and which
// identity checks failed: the rules live once in packages/schemas (the server refuses an approval
// against failed checks without a reason by the same rule).
export {
  APPROVING_KYC_STATUSES,
  CHECK_DIGIT_NAMES,
  approveAgainstChecksMessage,
  compareWithRecord,
  identityCheckFailures,
  nameWords,
  type ComparedField,
} from '@payd/schemas';
