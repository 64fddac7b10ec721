// The web app's configuration file, served by the server at GET /config.json and type-checked
// by the web app at start (spec 002 section 3, 'Configuration'). Checked without zod (jsonCheck.ts):
// every page checks it before the first one shows, /login included, which loads no zod at all.
import {
  jsonBoolean,
  jsonDefault,
  jsonInt,
  jsonMatching,
  jsonNonEmptyString,
  jsonObject,
  jsonOneOf,
  jsonOptional,
  jsonRecord,
  jsonSchema,
  jsonString,
} from './web/jsonCheck.ts';

const address = jsonMatching(/^0x[0-9a-fA-F]{40}$/);
/** Text that is '' when the key is absent. */
const optionalText = jsonDefault(jsonString, '');

export interface ChainEndpoints {
  /** JSON-RPC URL the browser uses for this chain. */
  rpcUrl: string;
  /** Optional websocket URL ('' when absent). */
  wsUrl: string;
  /** API base of the payd server for this chain, e.g. '' (same origin) or 'https://api.payd.example'. */
  apiBasename: string;
}

export interface WebConfig {
  /** Front-end tag address (kickback receiver); the zero address when unset. */
  frontendTag: string;
  infuraApiKey: string;
  /** When true, connecting to chain 1 shows the testnet-only screen. */
  testnetOnly: boolean;
  devWS: string;
  devRPC: string;
  /** The chain the product runs on (88 in the embedded default). */
  chainId: number;
  account: string;
  /** Seconds between forced store refreshes; 120 when not set (0 in defaults). */
  storeRefreshInterval: number;
  /** Per chain id (as a string key) endpoints. */
  chains: Record<string, ChainEndpoints>;
  /**
   * Public Beacon API URL for links to a validator where the chain has no public explorer (the dev
   * beacon node on chain 88); '' when none.
   */
  beaconUrl: string;
  /** Build id of the served web app; a different id at /version.json means a new version. */
  buildId: string;
  /** KYC-only mode (prdAllowKycOnly). */
  prdAllowKycOnly: boolean;
  captcha: { provider: 'altcha' | 'recaptcha'; siteKey: string };
  /** Present only in the embedded default: the devnet faucet and time controls. */
  dev?: {
    /** POST {address} gives the address 100 ETH. */
    faucetUrl: string;
    /** POST {seconds} advances the chain clock; GET returns the chain time. */
    timeUrl: string;
    /** Dev mailbox page. */
    mailboxUrl: string;
  };
}

export const chainEndpoints = jsonObject<ChainEndpoints>({
  rpcUrl: jsonNonEmptyString,
  wsUrl: optionalText,
  apiBasename: jsonDefault(jsonString, ''),
});

/** The config file's checker: safeParse gives the config with its defaults, or the wrong fields. */
export const webConfig = jsonSchema(
  jsonObject<WebConfig>({
    frontendTag: address,
    infuraApiKey: optionalText,
    testnetOnly: jsonBoolean,
    devWS: optionalText,
    devRPC: optionalText,
    chainId: jsonInt(1),
    account: optionalText,
    storeRefreshInterval: jsonDefault(jsonInt(0), 120),
    chains: jsonRecord(chainEndpoints),
    beaconUrl: optionalText,
    buildId: jsonString,
    prdAllowKycOnly: jsonDefault(jsonBoolean, false),
    captcha: jsonObject({ provider: jsonOneOf(['altcha', 'recaptcha'] as const), siteKey: optionalText }),
    dev: jsonOptional(
      jsonObject<NonNullable<WebConfig['dev']>>({
        faucetUrl: jsonString,
        timeUrl: jsonString,
        mailboxUrl: jsonString,
      }),
    ),
  }),
);

/** Path of the config file and of the build-version probe, relative to the web app's origin. */
export const CONFIG_PATH = '/config.json';
export const VERSION_PATH = '/version.json';
export const versionFile = jsonSchema(jsonObject<{ buildId: string }>({ buildId: jsonString }));

export const DEV_CHAIN_ID = 88;
