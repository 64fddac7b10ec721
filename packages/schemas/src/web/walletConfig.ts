// Optional wallet settings of /config.json that the web app's header reads beside webConfig:
// token addresses of the configured chain. Absent keys hide what depends on them. Checked without
// zod, like webConfig: it is checked before the first page.
import { jsonDefault, jsonMatching, jsonObject, jsonOptional, jsonSchema } from './jsonCheck.ts';

const address = jsonMatching(/^0x[0-9a-fA-F]{40}$/);

export interface WebWalletConfig {
  contracts: {
    /** FTX token of the configured chain; the header shows the FTX balance when set. */
    ftxToken?: string;
    /** MultipleDeposit contract of the configured chain: the stake screen sends deposits to it. */
    multipleDeposit?: string;
  };
}

export const webWalletConfig = jsonSchema(
  jsonObject<WebWalletConfig>({
    contracts: jsonDefault(
      jsonObject<WebWalletConfig['contracts']>({
        ftxToken: jsonOptional(address),
        multipleDeposit: jsonOptional(address),
      }),
      {},
    ),
  }),
);
