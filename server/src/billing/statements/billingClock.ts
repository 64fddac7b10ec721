// The time statements are made at: the server clock, or on chain 88 in the embedded mode the later
// of it and the dev chain's clock (GET /dev/time, which POST /dev/time moves forward), so that a
// person or a journey can move past a month's end. A chain that does not answer leaves the server
// clock.
import type { Clock } from '../../clock.ts';
import type { ServerConfig } from '../../config.ts';

export type BillingNow = () => Promise<Date>;

export function billingNow(
  clock: Clock,
  config: Pick<ServerConfig, 'chainId' | 'mode' | 'devTimeUrl'>,
  fetcher: typeof fetch = fetch,
): BillingNow {
  if (config.chainId !== 88 || config.mode !== 'embedded') return async () => clock.now();
  return async () => {
    const server = clock.now();
    try {
      const res = await fetcher(config.devTimeUrl, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) return server;
      const { now } = (await res.json()) as { now?: unknown };
      if (typeof now !== 'number' || !Number.isFinite(now)) return server;
      return new Date(Math.max(server.getTime(), now * 1000));
    } catch {
      return server;
    }
  };
}
