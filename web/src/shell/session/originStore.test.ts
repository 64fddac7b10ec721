import { afterEach, describe, expect, it } from 'vitest';
import {
  pendingSignInTarget,
  resetGuardMemory,
  setSignInTarget,
  signInTargetReached,
} from './originStore.ts';
import { redirectSignedIn } from '../navigation/guards.ts';

afterEach(() => resetGuardMemory());

describe('the target of a sign-in under way', () => {
  it('sends a signed-out-only page that sees the new user to the landing page, not to /', () => {
    setSignInTarget('/borrower');
    expect(redirectSignedIn(7, '/sign-up', pendingSignInTarget())).toBe('/borrower');
  });

  it('keeps the query of the target', () => {
    setSignInTarget('/dashboard?tab=daily');
    expect(redirectSignedIn(7, '/sign-up', pendingSignInTarget())).toBe('/dashboard?tab=daily');
  });

  it('is over once its page is reached, and a log out forgets it', () => {
    setSignInTarget('/borrower');
    signInTargetReached('/sign-up');
    expect(pendingSignInTarget()).not.toBeNull();
    signInTargetReached('/borrower');
    expect(pendingSignInTarget()).toBeNull();
    setSignInTarget('/lender');
    resetGuardMemory();
    expect(pendingSignInTarget()).toBeNull();
  });
});
