import { expect, it } from 'vitest';
import { networkName } from './networkName.ts';

it('names mainnet, the dev chain, other chains with their id, and no chain', () => {
  expect(networkName(1)).toBe('Ethereum Mainnet');
  expect(networkName(88)).toBe('DEV');
  expect(networkName(11155111)).toBe('Sepolia (11155111)');
  expect(networkName(999)).toBe('Chain (999)');
  expect(networkName(null)).toBe('Not connected');
});
