// Saves a server's JSON reply (deposit data, a keystore) as the file the person downloads.
import { downloadBytes } from '../../framework/download.ts';

export const saveJson = (value: unknown, fileName: string) =>
  downloadBytes(new TextEncoder().encode(JSON.stringify(value)), fileName, 'application/json');
