// An import cycle on purpose (with cycleB.ts): web/src/lintBoundaries.test.ts expects the lint to
// refuse the import below.
import { b } from './cycleB.ts';

export const a = (): number => b() + 1;
