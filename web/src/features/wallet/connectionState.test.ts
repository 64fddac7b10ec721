import { describe, expect, it } from 'vitest';
import { authMessages } from '@payd/schemas';
import {
  chainChangeEndsSession,
  connectErrorState,
  connectErrorText,
  connectionModal,
} from './connectionState.ts';

describe('wallet connection', () => {
  it('tells a rejection and a pending request from other failures, also when wrapped', () => {
    expect(connectErrorState({ code: 4001, message: 'nope' })).toBe('rejectedByUser');
    expect(connectErrorState({ message: 'outer', cause: { code: -32002 } })).toBe('alreadyPending');
    expect(connectErrorState(new Error('Provider not found.'))).toBe('failed');
  });
  it("shows the spec's modal for each state", () => {
    expect(connectionModal('rejectedByUser', '')?.title).toBe('Cancel connection?');
    expect(connectionModal('alreadyPending', '')).toMatchObject({
      title: 'Connection already requested',
      text: authMessages.acceptConnection,
    });
    expect(connectionModal('failed', '')).toMatchObject({
      title: 'Failed to connect',
      text: authMessages.installMetaMask,
    });
    expect(connectionModal('activating', '')?.title).toBe('Confirm connection');
    expect(connectionModal('active', '')).toBeNull();
  });
});

it('asks to install MetaMask when the browser has no wallet', () => {
  const e = Object.assign(new Error('Provider not found.'), { name: 'ProviderNotFoundError' });
  expect(connectErrorText(e)).toBe(authMessages.installMetaMask);
  expect(connectErrorText({ shortMessage: 'Chain mismatch', message: 'long' })).toBe('Chain mismatch');
});

it('ends the session when the wallet leaves the API chain, not on first connect', () => {
  expect(chainChangeEndsSession(88, 1, 88)).toBe(true);
  expect(chainChangeEndsSession(undefined, 1, 88)).toBe(false);
  expect(chainChangeEndsSession(1, 88, 88)).toBe(false);
  expect(chainChangeEndsSession(88, undefined, 88)).toBe(false);
});
