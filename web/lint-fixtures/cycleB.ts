// The other half of cycleA.ts's import cycle.
import { a } from './cycleA.ts';

export const b = (): number => (Math.random() > 2 ? a() : 0);
