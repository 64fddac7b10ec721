import { describe, expect, it } from 'vitest';
import {
  MAX_DOC_BYTES,
  checkDocMeta,
  checkPicked,
  fitImage,
  formatSize,
  isAllowedType,
  isImage,
  jpegName,
  percent,
  poaEarliest,
} from './docRules.ts';

const file = (name: string, type = '', size = 1000) => ({ name, type, size });

describe('rescaling images', () => {
  it('keeps an image that already fits', () => {
    expect(fitImage(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitImage(1024, 768)).toEqual({ width: 1024, height: 768 });
  });
  it('scales a large image down into 1024x768 keeping its shape', () => {
    expect(fitImage(4032, 3024)).toEqual({ width: 1024, height: 768 });
    expect(fitImage(3000, 4000)).toEqual({ width: 576, height: 768 });
    expect(fitImage(2048, 512)).toEqual({ width: 1024, height: 256 });
  });
  it('scales a tiny image up to at least 40x40', () => {
    expect(fitImage(20, 20)).toEqual({ width: 40, height: 40 });
    expect(fitImage(10, 30)).toEqual({ width: 40, height: 120 });
    expect(fitImage(1, 1)).toEqual({ width: 40, height: 40 });
  });
  it('clamps sides of extreme shapes into the bounds', () => {
    expect(fitImage(5000, 10)).toEqual({ width: 1024, height: 40 });
    expect(fitImage(10, 5000)).toEqual({ width: 40, height: 768 });
  });
  it('refuses an image without a size', () => {
    expect(() => fitImage(0, 10)).toThrow();
  });
  it('names the JPEG after the image', () => {
    expect(jpegName('scan.PNG')).toBe('scan.jpg');
    expect(jpegName('my.photo.gif')).toBe('my.photo.jpg');
    expect(jpegName('.png')).toBe('image.jpg');
  });
});

describe('picked files', () => {
  it('allows png, jpeg, gif, pdf, Word, Excel and csv', () => {
    for (const n of [
      'a.png',
      'a.jpg',
      'a.JPEG',
      'a.gif',
      'a.pdf',
      'a.doc',
      'a.docx',
      'a.xls',
      'a.xlsx',
      'a.csv',
    ])
      expect(isAllowedType(file(n)), n).toBe(true);
    expect(isAllowedType(file('blob', 'image/png'))).toBe(true);
    for (const n of ['a.exe', 'a.txt', 'a.zip', 'a.svg', 'a.heic'])
      expect(isAllowedType(file(n)), n).toBe(false);
    expect(isImage(file('a.gif'))).toBe(true);
    expect(isImage(file('a.pdf'))).toBe(false);
  });
  it('answers the spec messages', () => {
    expect(checkPicked([file('a.png'), file('b.pdf')], 0)).toBeNull();
    expect(checkPicked([file('a.exe')], 0)).toBe('Selected file type is not allowed');
    expect(checkPicked([file('a.pdf', 'application/pdf', MAX_DOC_BYTES + 1)], 0)).toBe(
      'Maximum allowed upload file size is 10 MB',
    );
    expect(checkPicked([file('a.pdf', 'application/pdf', MAX_DOC_BYTES)], 0)).toBeNull();
    expect(checkPicked([file('a.png'), file('b.png')], 99)).toBe('Maximum allowed amount of files is 100');
    expect(checkPicked([file('a.png')], 99)).toBeNull();
  });
  it('formats sizes with factor 1024', () => {
    expect(formatSize(10_485_760)).toBe('10 MB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(12)).toBe('12 B');
  });
  it('reports progress in whole percent', () => {
    expect(percent(0, 100)).toBe(0);
    expect(percent(50, 200)).toBe(25);
    expect(percent(999, 1000)).toBe(99);
    expect(percent(5, 0)).toBe(0);
  });
});

describe('proof of address', () => {
  const today = new Date(2026, 10, 22); // 22 November 2026
  it('must be dated within 3 months', () => {
    expect(poaEarliest(today)).toBe('2026-08-22');
    expect(poaEarliest(new Date(2026, 4, 31))).toBe('2026-02-28');
    expect(checkDocMeta('POA', '2026-08-22', today)).toBeNull();
    expect(checkDocMeta('POA', '2026-11-22', today)).toBeNull();
    expect(checkDocMeta('POA', '2026-08-21', today)).toBe('Proof of address must be dated within 3 months');
    expect(checkDocMeta('POA', '2026-11-23', today)).toBe('Proof of address must be dated within 3 months');
    expect(checkDocMeta('POA', '', today)).toBe('Please enter the date of the proof of address');
  });
  it('needs a type; other types need no date', () => {
    expect(checkDocMeta('', '', today)).toBe('Please select a document type');
    expect(checkDocMeta('ID', '', today)).toBeNull();
  });
});
