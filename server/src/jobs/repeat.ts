// The one way a server job repeats (charges, validator sync, alerts, the liquid pool): it runs now,
// then `intervalMs` after each run ends, so runs never overlap in a process; stop() stops the
// repeating and waits for a run in progress. Jobs that run on several instances take their
// leases or row locks inside `run`.

export interface Repeating {
  stop(): Promise<void>;
}

export function repeatEvery(run: () => Promise<unknown>, intervalMs: number): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    current = run()
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/** `onError` for a job whose failure repeats each run: reported once until the message changes or a run succeeds. */
export function reportOnce(onError: (err: unknown) => void): {
  failed(err: unknown): void;
  succeeded(): void;
} {
  let last = '';
  return {
    failed(err) {
      const message = err instanceof Error ? err.message : String(err);
      if (message !== last) onError(err);
      last = message;
    },
    succeeded() {
      last = '';
    },
  };
}
