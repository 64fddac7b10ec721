// BIP-39 mnemonics (English wordlist): 24 words from 256 bits of entropy, checksum validation and
// mnemonic_to_seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase, both NFKD).
import * as bip39 from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** Normalizes what a person typed: NFKD, lowercase, single spaces; accepts a string or a list of words. */
export function normalizeMnemonic(words: string | readonly string[]): string {
  const text = typeof words === 'string' ? words : words.join(' ');
  return text.normalize('NFKD').trim().toLowerCase().split(/\s+/).join(' ');
}

/** A new random 24-word mnemonic (256 bits of entropy from the platform's CSPRNG). */
export function generateMnemonic(): string {
  return bip39.generateMnemonic(wordlist, 256);
}

/** True when every word is in the English list and the checksum matches (12 to 24 words). */
export function validateMnemonic(words: string | readonly string[]): boolean {
  return bip39.validateMnemonic(normalizeMnemonic(words), wordlist);
}

/** mnemonic_to_seed: the 64-byte seed; throws on an invalid mnemonic. */
export function mnemonicToSeed(words: string | readonly string[], passphrase = ''): Uint8Array {
  const mnemonic = normalizeMnemonic(words);
  if (!bip39.validateMnemonic(mnemonic, wordlist)) throw new Error('invalid mnemonic');
  return bip39.mnemonicToSeedSync(mnemonic, passphrase);
}
