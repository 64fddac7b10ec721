// The web config carries a Beacon API URL for validator links only where the chain has no public
// explorer (chain 88's dev beacon node), never a production node's private BEACON_URL.
import { webConfig } from '@payd/schemas';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { webConfigOf } from './plugin.ts';

const base = { PAYD_DATA_DIR: '/tmp/payd-beacon-link-test', TOKEN_SECRET: 'x'.repeat(40), DATA_KEY: 'k' };

describe('beacon URL in /config.json', () => {
  it('is the dev beacon node on chain 88', () => {
    const config = loadConfig({ ...base, CHAIN_ID: '88', BEACON_URL: 'http://127.0.0.1:5052/' });
    const web = webConfig.parse(webConfigOf(config, 'b1', {}));
    expect(web.beaconUrl).toBe('http://127.0.0.1:5052');
  });

  it('is PUBLIC_BEACON_URL elsewhere, and empty rather than a private BEACON_URL', () => {
    expect(loadConfig({ ...base, CHAIN_ID: '1', BEACON_URL: 'http://10.0.0.5:5052' }).publicBeaconUrl).toBe(
      '',
    );
    const config = loadConfig({
      ...base,
      CHAIN_ID: '17000',
      BEACON_URL: 'http://10.0.0.5:5052',
      PUBLIC_BEACON_URL: 'https://beacon.example/',
    });
    expect(webConfig.parse(webConfigOf(config, 'b1', {})).beaconUrl).toBe('https://beacon.example');
  });
});
