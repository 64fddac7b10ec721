import { describe, expect, it } from 'vitest';
import { readCatalogue } from '@payd/i18n/node';
import { schemaMessageIds } from './messageIds.ts';

describe('schema messages in the catalogues', () => {
  it('has each in the English catalogue, verbatim, under its id', () => {
    const english = readCatalogue('en');
    for (const [text, id] of schemaMessageIds) expect(english[id], id).toBe(text);
  });
});
