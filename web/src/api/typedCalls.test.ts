// Calls are typed by their contract (issue 26): reading a field the reply lacks, or sending a body
// the contract does not take, breaks `tsc`. Type-checks the fixtures of type-fixtures/ (outside the
// web's own type check) with the web's compiler options.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = ['rightCall.ts', 'missingField.ts', 'wrongBody.ts'];
const fixture = (name: string) => join(webDir, 'type-fixtures', name);

let program: ts.Program | undefined;
function typeErrors(name: string): string[] {
  if (!program) {
    const config = ts.readConfigFile(join(webDir, 'tsconfig.json'), (p) => ts.sys.readFile(p));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, webDir);
    program = ts.createProgram(FIXTURES.map(fixture), { ...options, noEmit: true });
  }
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(fixture(name)))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('web calls typed by their contract', { timeout: 120_000 }, () => {
  it('accept reading a field the reply has', () => {
    expect(typeErrors('rightCall.ts')).toEqual([]);
  });

  it('refuse reading a field the reply lacks', () => {
    const errors = typeErrors('missingField.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Property 'Owed' does not exist/);
  });

  it('refuse a body the contract does not take', () => {
    const errors = typeErrors('wrongBody.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'number' is not assignable to type 'string'/);
  });
});
