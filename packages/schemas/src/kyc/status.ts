// KYC record statuses (InternalStatus15 / InternalStatus16, ref_codes category kycStatus) that
// the server and the web both decide by (spec 002 sections 2 and 4).

/** Statuses that lock the customer's personal-details and documents pages. */
export const lockedKycStatuses: readonly string[] = ['p1', 'P3', 'P4', 'AP', 'DE'];

/** The review queue: records waiting for a reviewer. */
export const waitingKycStatuses: readonly string[] = ['P1', 'p1', 'P3', 'P4'];
