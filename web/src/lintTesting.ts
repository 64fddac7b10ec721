// What the lint-rule tests (lintBoundary.test.ts, lintBoundaries.test.ts) share: one ESLint over
// the repository's own eslint.config.js, and the no-restricted-imports errors of a file linted
// where it is or as if it were written elsewhere. Test-only.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const fixtureFile = (name: string) =>
  fileURLToPath(new URL(`../lint-fixtures/${name}`, import.meta.url));
// The boundaries need no type information, and the files imagined by the tests are in no tsconfig
// project: lint without it, as the type-checked rules would fail to parse them.
export const eslint = new ESLint({
  cwd: root,
  ignore: false,
  overrideConfig: tseslint.configs.disableTypeChecked,
});

/** The no-restricted-imports errors; a file that does not parse has none, so it fails here. */
export const restricted = (results: ESLint.LintResult[]): ESLint.LintResult['messages'] => {
  const messages = results.flatMap((r) => r.messages);
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return messages.filter((m) => m.ruleId === 'no-restricted-imports');
};

/** The import cycles found in the files (import-x/no-cycle errors), each as file name and line. */
export const cycles = (results: ESLint.LintResult[]): string[] =>
  results.flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId === 'import-x/no-cycle')
      .map((m) => `${r.filePath.split('/').pop()}:${m.line}`),
  );

/** The no-restricted-imports errors of `code` linted as the repository file `filePath`. */
export const lintAs = async (filePath: string, code: string): Promise<ESLint.LintResult['messages']> =>
  restricted(await eslint.lintText(code, { filePath: `${root}${filePath}` }));
