// The web app's configuration file, served by the server at GET /config.json and type-checked
// by the web app at start (spec 002 section 3, 'Configuration'). zod/mini: every page checks it
// before the first one shows, so it must not need zod's full build.
import * as z from 'zod/mini';

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
/** Text that is '' when the key is absent. */
const optionalText = () => z._default(z.optional(z.string()), '');

export const chainEndpoints = z.object({
  /** JSON-RPC URL the browser uses for this chain. */
  rpcUrl: z.string().check(z.minLength(1)),
  /** Optional websocket URL. */
  wsUrl: optionalText(),
  /** API base of the payd server for this chain, e.g. '' (same origin) or 'https://api.payd.example'. */
  apiBasename: z._default(z.string(), ''),
});

export const webConfig = z.object({
  /** Front-end tag address (kickback receiver); the zero address when unset. */
  frontendTag: address,
  infuraApiKey: optionalText(),
  /** When true, connecting to chain 1 shows the testnet-only screen. */
  testnetOnly: z.boolean(),
  devWS: optionalText(),
  devRPC: optionalText(),
  /** The chain the product runs on (88 in the embedded default). */
  chainId: z.int().check(z.positive()),
  account: optionalText(),
  /** Seconds between forced store refreshes; 120 when not set (0 in defaults). */
  storeRefreshInterval: z._default(z.int().check(z.nonnegative()), 120),
  /** Per chain id (as a string key) endpoints. */
  chains: z.record(z.string(), chainEndpoints),
  /**
   * Public Beacon API URL for links to a validator where the chain has no public explorer (the dev
   * beacon node on chain 88); '' when none.
   */
  beaconUrl: optionalText(),
  /** Build id of the served web app; a different id at /version.json means a new version. */
  buildId: z.string(),
  /** KYC-only mode (prdAllowKycOnly). */
  prdAllowKycOnly: z._default(z.boolean(), false),
  captcha: z.object({
    provider: z.enum(['altcha', 'recaptcha']),
    siteKey: optionalText(),
  }),
  /** Present only in the embedded default: the devnet faucet and time controls. */
  dev: z.optional(
    z.object({
      /** POST {address} gives the address 100 ETH. */
      faucetUrl: z.string(),
      /** POST {seconds} advances the chain clock; GET returns the chain time. */
      timeUrl: z.string(),
      /** Dev mailbox page. */
      mailboxUrl: z.string(),
    }),
  ),
});
export type WebConfig = z.infer<typeof webConfig>;

/** Path of the config file and of the build-version probe, relative to the web app's origin. */
export const CONFIG_PATH = '/config.json';
export const VERSION_PATH = '/version.json';
export const versionFile = z.object({ buildId: z.string() });

export const DEV_CHAIN_ID = 88;
/** Default funding of a dev wallet by the faucet, in ETH. */
export const FAUCET_AMOUNT_ETH = 100;
