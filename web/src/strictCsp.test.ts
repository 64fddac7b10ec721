import { afterEach, expect, it, vi } from 'vitest';
import './strictCsp.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

it('sets zod to jitless before zod loads: building and parsing a schema never calls Function', async () => {
  const fn = vi.spyOn(globalThis, 'Function');
  const z = await import('zod');
  expect(z.config().jitless).toBe(true);
  const schema = z.object({ a: z.string(), b: z.number() });
  expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
  expect(fn).not.toHaveBeenCalled();
});
