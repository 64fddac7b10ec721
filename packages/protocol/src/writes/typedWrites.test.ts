// Writes are typed by their ABI (issue 26): a function renamed in Solidity, or arguments that no
// longer fit, break `tsc`. Type-checks the fixtures of type-fixtures/ (outside the package's own
// type check) with the package's compiler options.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const FIXTURES = ['rightWrite.ts', 'renamedFunction.ts', 'wrongArguments.ts'];
const fixture = (name: string) => join(packageDir, 'type-fixtures', name);

/** One program over every fixture, with the package's compiler options (checked once, lazily). */
let program: ts.Program | undefined;
function fixturesProgram(): ts.Program {
  if (program) return program;
  const config = ts.readConfigFile(join(packageDir, 'tsconfig.json'), (p) => ts.sys.readFile(p));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, packageDir);
  program = ts.createProgram(FIXTURES.map(fixture), options);
  return program;
}

/** The type errors of the fixture `name`, as text. */
function typeErrors(name: string): string[] {
  const p = fixturesProgram();
  return ts
    .getPreEmitDiagnostics(p, p.getSourceFile(fixture(name)))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('contract writes typed by their ABI', { timeout: 60_000 }, () => {
  it('accept a function and arguments the ABI has', () => {
    expect(typeErrors('rightWrite.ts')).toEqual([]);
  });

  it('refuse a function name the ABI lacks, as after a rename', () => {
    const errors = typeErrors('renamedFunction.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'"liquidateTroves"' is not assignable/);
  });

  it('refuse arguments that do not fit the inputs', () => {
    const errors = typeErrors('wrongArguments.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'string' is not assignable to type 'bigint'/);
  });
});
