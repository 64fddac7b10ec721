// Where a transaction's gas goes, read from Hardhat's struct-log trace (debug_traceTransaction):
// the call tree with each call's inclusive gas, and per frame the storage reads (cold / warm),
// storage writes and log gas. Used by gasBench.ts when GAS_TRACE is set.
import type { Hash } from 'viem';

interface Step {
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  stack?: string[];
}

interface Frame {
  label: string;
  depth: number;
  inclusive: number;
  sloadCold: number;
  sloadWarm: number;
  sstoreGas: number;
  sstores: number;
  logGas: number;
}

type Provider = { send(method: string, params: unknown[]): Promise<unknown> };

const CALLS = new Set(['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE']);

/** Call tree of `hash`, one line per call: inclusive gas and the frame's own storage and log gas. */
export async function traceGas(
  provider: Provider,
  hash: Hash,
  names: Map<string, string>,
): Promise<string[]> {
  const trace = (await provider.send('debug_traceTransaction', [
    hash,
    { disableMemory: true, disableStorage: true },
  ])) as {
    structLogs: Step[];
  };
  const steps = trace.structLogs;
  const frames: Frame[] = [];
  const stack: Frame[] = [];
  const root: Frame = {
    label: 'tx',
    depth: 1,
    inclusive: 0,
    sloadCold: 0,
    sloadWarm: 0,
    sstoreGas: 0,
    sstores: 0,
    logGas: 0,
  };
  frames.push(root);
  stack.push(root);
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    while (stack.length > s.depth) stack.pop();
    const f = stack[stack.length - 1];
    if (s.op === 'SLOAD') {
      if (s.gasCost >= 2100) f.sloadCold++;
      else f.sloadWarm++;
    } else if (s.op === 'SSTORE') {
      f.sstoreGas += s.gasCost;
      f.sstores++;
    } else if (s.op.startsWith('LOG')) f.logGas += s.gasCost;
    else if (CALLS.has(s.op) && steps[i + 1]?.depth === s.depth + 1) {
      const st = s.stack ?? [];
      const to = `0x${BigInt(`0x${(st[st.length - 2] ?? '0').replace(/^0x/, '')}`)
        .toString(16)
        .padStart(40, '0')}`;
      let end = i + 1;
      while (end < steps.length && steps[end].depth > s.depth) end++;
      const inclusive = end < steps.length ? s.gas - steps[end].gas : 0;
      const child: Frame = {
        label: `${names.get(to.toLowerCase()) ?? to}`,
        depth: s.depth + 1,
        inclusive,
        sloadCold: 0,
        sloadWarm: 0,
        sstoreGas: 0,
        sstores: 0,
        logGas: 0,
      };
      frames.push(child);
      stack.push(child);
    }
  }
  return frames.map(
    (f) =>
      `${'  '.repeat(f.depth)}${f.label.padEnd(24 - 2 * f.depth + 2)} ${String(f.inclusive || '').padStart(7)}  sload ${f.sloadCold} cold/${f.sloadWarm} warm  sstore ${f.sstores} (${f.sstoreGas})  logs ${f.logGas}`,
  );
}
