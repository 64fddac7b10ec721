// The check against the most common (breached) passwords: a list shipped with the server
// (commonPasswords.txt, ~49,000 entries), loaded once, nothing fetched at run time.
import { readFileSync } from 'node:fs';

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./commonPasswords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return list;
}

/**
 * True when the password is on the list, compared in lower case, also with the digits and
 * symbols people add around a common word stripped ('Password123!', '!!Dragon2024').
 */
export function isCommonPassword(password: string): boolean {
  const words = commonPasswords();
  const lower = password.toLowerCase();
  if (words.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+/u, '').replace(/[^\p{L}]+$/u, '');
  return core.length >= 3 && core !== lower && words.has(core);
}
