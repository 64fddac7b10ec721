// Files the web saves keep their type only when it is one of the document types or an export;
// anything else (a page, a script, an SVG) is saved as opaque bytes, never opened as this origin.
import { describe, expect, it } from 'vitest';
import { savedType } from './download.ts';

describe('savedType', () => {
  it('keeps the document and export types', () => {
    for (const t of [
      'image/png',
      'image/jpeg',
      'image/gif',
      'application/pdf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
      'application/zip',
    ])
      expect(savedType(t)).toBe(t);
    expect(savedType('Text/CSV; charset=utf-8')).toBe('text/csv');
  });

  it('saves anything else as application/octet-stream', () => {
    for (const t of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/javascript',
      'text/xml',
      '',
    ])
      expect(savedType(t)).toBe('application/octet-stream');
  });
});
