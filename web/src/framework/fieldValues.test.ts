import { describe, expect, it } from 'vitest';
import { asText, dropdownOptions, parsePicture } from './fieldValues.ts';

describe('field values', () => {
  it('reads values as text, nothing for empty values and objects', () => {
    expect(asText(7)).toBe('7');
    expect(asText(null)).toBe('');
    expect(asText(undefined)).toBe('');
    expect(asText({ a: 1 })).toBe('');
  });

  it('reads a stored picture from JSON or an object, only when it is an image', () => {
    const pic = { mimeType: 'image/png', base64: 'AAA' };
    expect(parsePicture(JSON.stringify(pic))).toEqual(pic);
    expect(parsePicture(pic)).toEqual(pic);
    expect(parsePicture({ mimeType: 'application/pdf', base64: 'AAA' })).toBeNull();
    expect(parsePicture('{')).toBeNull();
    expect(parsePicture('')).toBeNull();
  });

  it('puts a stored value missing from the choices first, with its stored text', () => {
    const choices = [{ key: 'A', label: 'Alpha' }];
    expect(dropdownOptions(choices, 'A', '')).toEqual([{ value: 'A', label: 'Alpha' }]);
    expect(dropdownOptions(choices, 'Z', 'Zulu')).toEqual([
      { value: 'Z', label: 'Zulu' },
      { value: 'A', label: 'Alpha' },
    ]);
    expect(dropdownOptions(undefined, 'Z', '')).toEqual([{ value: 'Z', label: 'Z' }]);
    expect(dropdownOptions(choices, '', '')).toEqual([{ value: 'A', label: 'Alpha' }]);
  });
});
