// A reply that is JSON text (spec 002 section 7: FaceCompare's "response is JSON text"): a string
// whose JSON must match `content`, typed JsonText<T> (contract.ts) so that the caller reads the
// value with parseJsonText, typed by the contract. The API reference shows it as a string with
// its content's schema (JSON Schema contentMediaType and contentSchema).
import { z } from 'zod';
import type { JsonText } from './contract.ts';

export function jsonText<S extends z.ZodType>(content: S) {
  const contentSchema = z.toJSONSchema(content, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  delete contentSchema.$schema;
  return z
    .custom<JsonText<z.output<S>>>()
    .superRefine((text, ctx) => {
      let value: unknown;
      try {
        value = typeof text === 'string' ? JSON.parse(text) : undefined;
      } catch {
        value = undefined;
      }
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Expected JSON text' });
        return;
      }
      const parsed = content.safeParse(value);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    })
    .meta({ type: 'string', contentMediaType: 'application/json', contentSchema });
}
