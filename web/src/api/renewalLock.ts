// One token renewal at a time: across tabs with the Web Locks API, inside a tab by chaining
// promises when Web Locks are missing (old browsers, tests).

export interface RenewalLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

const LOCK_NAME = 'payd-token-renewal';

export function inTabLock(): RenewalLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const next = tail.then(task, task);
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

export function browserRenewalLock(): RenewalLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return inTabLock();
  return {
    run: (task) =>
      locks.request(LOCK_NAME, { mode: 'exclusive' }, task) as Promise<Awaited<ReturnType<typeof task>>>,
  };
}
