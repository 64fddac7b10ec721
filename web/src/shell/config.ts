// Loads /config.json at start and type-checks it with the shared webConfig schema.
import { CONFIG_PATH, webConfig, webWalletConfig, type WebConfig, type WebWalletConfig } from '@payd/schemas';
import { createContext, useContext } from 'react';

/** A config failure: its message in English (the log, the tests) and its catalogue message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    message: string,
    readonly id: string,
    readonly values: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The config file as the app uses it: webConfig plus the optional wallet settings. */
export type AppConfig = WebConfig & WebWalletConfig;

export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<AppConfig> {
  let raw: unknown;
  try {
    const res = await fetchFn(CONFIG_PATH, { cache: 'no-store' });
    if (!res.ok)
      throw new ConfigError(
        `The configuration could not be loaded (${res.status})`,
        'framework.config.status',
        {
          status: String(res.status),
        },
      );
    raw = await res.json();
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError(
      'The configuration could not be loaded: the server cannot be reached',
      'framework.config.unreachable',
    );
  }
  const parsed = webConfig.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new ConfigError(`The configuration is invalid (${fields})`, 'framework.config.invalid', { fields });
  }
  const wallet = webWalletConfig.safeParse(raw);
  return { ...parsed.data, contracts: wallet.success ? wallet.data.contracts : {} };
}

/** API base of the configured chain ('' = same origin). */
export function apiBaseOf(config: WebConfig): string {
  return config.chains[String(config.chainId)]?.apiBasename ?? '';
}

export const ConfigContext = createContext<AppConfig | null>(null);

export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigContext');
  return config;
}
