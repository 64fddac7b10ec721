import { expect, it } from 'vitest';
import { isNewBuild } from './versionCheck.ts';

it('sees a new build only when the served id differs and was not reloaded for already', () => {
  expect(isNewBuild('a', 'a', null)).toBe(false);
  expect(isNewBuild('a', 'b', null)).toBe(true);
  expect(isNewBuild('a', 'b', 'b')).toBe(false);
  expect(isNewBuild('a', '', null)).toBe(false);
});
