// Handlers are typed by their contract (issue 26): a reply with a field the contract lacks, or a
// field of another type, breaks `tsc`. Type-checks the fixtures of type-fixtures/ (outside the
// server's own type check) with the server's compiler options. Also: a reply that drifts from its
// contract at run time answers 500 where the server checks replies (every server test).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineContract } from '@payd/schemas';
import { checkReply } from './method.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = ['rightHandler.ts', 'extraField.ts', 'wrongType.ts'];
const fixture = (name: string) => join(serverDir, 'type-fixtures', name);

let program: ts.Program | undefined;
function typeErrors(name: string): string[] {
  if (!program) {
    const config = ts.readConfigFile(join(serverDir, 'tsconfig.json'), (p) => ts.sys.readFile(p));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, serverDir);
    program = ts.createProgram(FIXTURES.map(fixture), { ...options, noEmit: true });
  }
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(fixture(name)))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('handlers typed by their contract', { timeout: 120_000 }, () => {
  it('accept a reply of exactly the contract shape', () => {
    expect(typeErrors('rightHandler.ts')).toEqual([]);
  });

  it('refuse a reply field the contract lacks, even deep in a row', () => {
    const errors = typeErrors('extraField.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Secret/);
  });

  it('refuse a reply field of another type', () => {
    const errors = typeErrors('wrongType.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'string' is not assignable/);
  });
});

describe('replies checked against their contract', () => {
  const contract = defineContract({
    service: 'Test',
    method: 'Get',
    summary: 'A test method.',
    auth: 'public',
    body: z.object({}),
    reply: z.strictObject({ n: z.number() }),
  });

  it('pass a reply the contract describes', () => {
    expect(() => checkReply(contract, { n: 1 }, undefined)).not.toThrow();
  });

  it('name the method and the field of a reply that drifted', () => {
    expect(() => checkReply(contract, { n: '1' }, undefined)).toThrow(/Test\.Get replied data .*n:/);
    expect(() => checkReply(contract, { n: 1, extra: true }, undefined)).toThrow(/Test\.Get/);
  });
});
