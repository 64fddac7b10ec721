// Client IP → ISO country code from the embedded GeoLite2 country database (no network).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';

export interface CountryLookup {
  /** ISO 3166 alpha-2 code, or '' when unknown (private or unlisted addresses). */
  country(ip: string): string;
}

export function geoLite2CountryLookup(): CountryLookup {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb');
  const reader = new Reader(readFileSync(file));
  return {
    country(ip) {
      try {
        const record = reader.get(ip.replace(/^::ffff:/, '')) as { country_code?: string } | null;
        return record?.country_code ?? '';
      } catch {
        return '';
      }
    },
  };
}
