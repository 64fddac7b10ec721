// The people the KycPerson screen tests (kyc/kycPerson*.test.ts) meet on a fresh app: a customer
// who fills in her record, another customer, and a KYC reviewer.
import { Role } from '../framework/roles.ts';
import { startTestApp, type DatabaseKind, type TestApp } from './testApp.ts';
import { makeUser, type TestUser } from './testUsers.ts';

export interface KycPersonCast {
  t: TestApp;
  alice: TestUser;
  bob: TestUser;
  reviewer: TestUser;
}

/** A test app with alice (borrower), bob (lender) and a KYC reviewer, made in that order. */
export async function startKycPersonCast(kind: DatabaseKind): Promise<KycPersonCast> {
  const t = await startTestApp(kind);
  const alice = await makeUser(t, 'alice@example.com', Role.borrower);
  const bob = await makeUser(t, 'bob@example.com', Role.lender);
  const reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
  return { t, alice, bob, reviewer };
}
