// Column helpers shared by the table definitions.
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** timestamptz, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** bytea (drizzle has none built in): node-postgres reads a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
