// A JSON text reply: the text must hold JSON its content schema accepts; the caller reads the
// value back typed; the API reference shows a string with the content's schema.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonText, toJsonText } from './contract.ts';
import { jsonText } from './jsonText.ts';
import { jsonSchemaOf } from './openapi.ts';

const verdict = jsonText(z.strictObject({ match: z.boolean(), similarity: z.number() }));

describe('jsonText', () => {
  it('accepts the JSON text of a matching value and gives the value back', () => {
    const text = toJsonText({ match: true, similarity: 0.82 });
    expect(verdict.safeParse(text).success).toBe(true);
    expect(parseJsonText(text)).toEqual({ match: true, similarity: 0.82 });
  });

  it('refuses text that is not JSON, or JSON of another shape, naming the field', () => {
    expect(verdict.safeParse('{match').success).toBe(false);
    expect(verdict.safeParse({ match: true, similarity: 1 }).success).toBe(false);
    const wrong = verdict.safeParse(JSON.stringify({ match: 'yes', similarity: 1 }));
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['match']);
    expect(verdict.safeParse(JSON.stringify({ match: true, similarity: 1, score: 2 })).success).toBe(false);
  });

  it('is a string with its content schema in the API reference', () => {
    const schema = jsonSchemaOf(verdict, 'output');
    expect(schema).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { type: 'object', required: ['match', 'similarity'], additionalProperties: false },
    });
  });
});
