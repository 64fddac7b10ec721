// One async action of a form (a sign-in method of /login): whether it is under way and its last
// error, which reset() clears. What the page used react-query's useMutation for, without loading
// the query cache on /login; its errors show on the page, never as toasts.
import { useCallback, useRef, useState } from 'react';

export interface Action<V> {
  isPending: boolean;
  error: Error | null;
  mutate: (value: V) => void;
  reset: () => void;
}

export function useAction<V = void>(run: (value: V) => Promise<unknown>): Action<V> {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({
    isPending: false,
    error: null,
  });
  // Only the latest call (since the last reset) may set the state.
  const latest = useRef(0);
  const mutate = (value: V) => {
    const call = ++latest.current;
    setState({ isPending: true, error: null });
    run(value).then(
      () => call === latest.current && setState({ isPending: false, error: null }),
      (error: unknown) =>
        call === latest.current &&
        setState({ isPending: false, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  };
  const reset = useCallback(() => {
    latest.current++;
    setState({ isPending: false, error: null });
  }, []);
  return { ...state, mutate, reset };
}
