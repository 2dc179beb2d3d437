/**
 * `npm run sas:export -- --from <ISO time> --to <ISO time> [--out file.csv]`: the activity log
 * (POST /sas/InsertSASLog; docs/adr/0026) received in [from, to) as CSV (RFC 4180, UTF-8 with a
 * BOM so spreadsheets read the Chinese right), oldest first, to stdout or --out. An operator's
 * tool run beside the database: no route exposes the log. Exit 0 written, 2 bad usage or config.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../apps/server/src/config.js';
import { connectConfigured, migrateToLatest } from '../apps/server/src/db/index.js';
import { csvHeader, csvLine, sasLogRows } from '../apps/server/src/modules/telemetry/sas-export.js';

const USAGE =
  'usage: npm run sas:export -- --from <ISO time> --to <ISO time> [--out <file.csv>]\n' +
  '  e.g. --from 2026-11-23T00:00:00+08:00 --to 2026-11-24T00:00:00+08:00';

function fail(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function isoTime(name: string, text: string | undefined): number {
  if (text === undefined) fail(2, `--${name} is required\n${USAGE}`);
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text))
    fail(2, `--${name} needs an offset, e.g. 2026-11-23T00:00:00+08:00`);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) fail(2, `--${name} "${text}" is not an ISO 8601 time`);
  return Math.floor(ms / 1000);
}

let args;
try {
  args = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } },
  });
} catch (error) {
  fail(2, `${(error as Error).message}\n${USAGE}`);
}
const from = isoTime('from', args.values.from);
const to = isoTime('to', args.values.to);
if (to <= from) fail(2, '--to must be after --from');

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(2, error instanceof ConfigError ? error.message : String(error));
}
const database = connectConfigured(config);
const out = args.values.out ? fs.createWriteStream(args.values.out) : process.stdout;
const write = (text: string) =>
  new Promise<void>((resolve, reject) => {
    if (out.write(text)) resolve();
    else out.once('drain', resolve).once('error', reject);
  });
let count = 0;
try {
  await migrateToLatest(database);
  await write(`\uFEFF${csvHeader()}\r\n`);
  for await (const row of sasLogRows(database.db, from, to)) {
    await write(`${csvLine(row)}\r\n`);
    count += 1;
  }
  process.stderr.write(`${count} entries exported\n`);
} catch (error) {
  process.stderr.write(`export failed: ${String(error)}\n`);
  process.exitCode = 1;
} finally {
  if (out !== process.stdout) out.end();
  await database.close();
}
