import { describe, expect, it } from 'vitest';
import { generateMnemonic, mnemonicToSeed, validateMnemonic } from './mnemonic.ts';
import { wordlist } from '@scure/bip39/wordlists/english.js';

const KNOWN =
  'entire habit bottom mention spoil clown finger wheat motion fox axis mechanic country make garment bar blind stadium sugar water scissors canyon often ketchup';

describe('BIP-39 mnemonics', () => {
  it('generates 24 English words that validate, different every time', () => {
    const a = generateMnemonic();
    const b = generateMnemonic();
    const words = a.split(' ');
    expect(words).toHaveLength(24);
    expect(words.every((w) => wordlist.includes(w))).toBe(true);
    expect(validateMnemonic(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('accepts a list of words and forgives case and extra spaces', () => {
    expect(validateMnemonic(KNOWN.split(' '))).toBe(true);
    expect(validateMnemonic(`  ${KNOWN.toUpperCase().replaceAll(' ', '   ')} `)).toBe(true);
  });

  it('rejects a wrong checksum, an unknown word and a wrong length', () => {
    const words = KNOWN.split(' ');
    const swapped = [...words];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(validateMnemonic(swapped)).toBe(false);
    expect(validateMnemonic([...words.slice(0, 23), 'ethereum'])).toBe(false);
    expect(validateMnemonic(words.slice(0, 23))).toBe(false);
    expect(() => mnemonicToSeed(swapped)).toThrow(/invalid mnemonic/);
  });

  it('derives a different seed with a passphrase', () => {
    expect(mnemonicToSeed(KNOWN)).toHaveLength(64);
    expect(mnemonicToSeed(KNOWN, 'x')).not.toEqual(mnemonicToSeed(KNOWN));
  });
});
