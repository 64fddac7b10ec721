// A document as the client sends it: JSON text or an object, named, with base64 content.
import { describe, expect, it } from 'vitest';
import { parseDocJson } from './docJson.ts';

const fieldOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { validationErrors?: { field: string }[] }).validationErrors?.[0]?.field;
  }
  return undefined;
};

describe('parseDocJson', () => {
  it('reads JSON text or an object, with a data: prefix dropped', () => {
    const b64 = Buffer.from('hello').toString('base64');
    const fromText = parseDocJson(JSON.stringify({ fileName: 'a.txt', mimeType: 'text/plain', base64: b64 }));
    expect(fromText).toEqual({ fileName: 'a.txt', mimeType: 'text/plain', bytes: Buffer.from('hello') });
    const fromObject = parseDocJson({ DocName: 'b.txt', base64: `data:text/plain;base64,${b64}` });
    expect(fromObject).toMatchObject({ fileName: 'b.txt', mimeType: 'application/octet-stream' });
    expect(fromObject.bytes.toString()).toBe('hello');
  });

  it('names the field at fault', () => {
    expect(fieldOf(() => parseDocJson('not json'))).toBe('docJson');
    expect(fieldOf(() => parseDocJson({ base64: 'aGk=' }))).toBe('docJson.fileName');
    expect(fieldOf(() => parseDocJson({ fileName: 'a', base64: '%%%' }))).toBe('docJson.base64');
  });
});
