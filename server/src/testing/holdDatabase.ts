// Test helper run as its own process: opens the embedded database in the directory given as the
// first argument, writes one acknowledged row, prints `ready`, and keeps the database until killed.
import { openDatabase } from '../db/database.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: holdDatabase.ts <pglite dir>');
const database = await openDatabase({ pgliteDir: dir, owner: 'holdDatabase test process' });
await database.exec('CREATE TABLE IF NOT EXISTS held (note text NOT NULL)');
await database.query('INSERT INTO held (note) VALUES ($1)', [`written by ${process.pid}`]);
console.log('ready');
setInterval(() => undefined, 60_000);
