/**
 * `npm run epg:import -- guide.xml [--channel ch01] [--from ISO --to ISO]`: replaces channels'
 * programme schedules from an XMLTV file (README "Programme guide import"; docs/adr/0025).
 *
 * The file must be valid against xmltv.dtd (xmllint) and pass the live module's checks (known
 * channels, start before stop, no overlaps, inside the period). Without --from/--to each channel's
 * schedule is replaced over the span its programmes in the file cover; with them, over exactly
 * that period (programmes outside it are skipped, one crossing its bounds is refused). All
 * channels change in one transaction: on any problem every problem is listed and nothing is
 * written. Exit 0 imported, 1 refused, 2 bad usage or configuration.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../apps/server/src/config.js';
import { connectConfigured, migrateToLatest } from '../apps/server/src/db/index.js';
import { importXmltv } from '../apps/server/src/modules/live/schedule.js';
import { XmltvImportError } from '../apps/server/src/modules/live/xmltv-import.js';
import { taipeiLabel } from '../apps/server/src/taipei-time.js';
import { systemClock } from '../apps/server/src/time.js';

const USAGE =
  'usage: npm run epg:import -- <guide.xml> [--channel <id>] [--from <ISO time> --to <ISO time>]';
/** Larger than any week of guide for a few hundred channels. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

function fail(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** An ISO 8601 time with an offset (or Z), e.g. 2026-11-23T00:00:00+08:00, to Unix seconds. */
function isoTime(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text))
    fail(2, `--${name} needs an offset, e.g. 2026-11-23T00:00:00+08:00`);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) fail(2, `--${name} "${text}" is not an ISO 8601 time`);
  return Math.floor(ms / 1000);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { channel: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
  });
} catch (error) {
  fail(2, `${(error as Error).message}\n${USAGE}`);
}
const [file, ...extra] = args.positionals;
if (!file || extra.length > 0) fail(2, USAGE);
const from = isoTime('from', args.values.from);
const to = isoTime('to', args.values.to);
if ((from === undefined) !== (to === undefined))
  fail(2, `give both --from and --to, or neither\n${USAGE}`);

let xml: string;
try {
  if (fs.statSync(file).size > MAX_FILE_BYTES)
    fail(2, `${file} is larger than ${MAX_FILE_BYTES} bytes`);
  xml = fs.readFileSync(file, 'utf8');
} catch (error) {
  fail(2, `cannot read ${file}: ${(error as Error).message}`);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(2, error instanceof ConfigError ? error.message : String(error));
}
const database = connectConfigured(config);
try {
  await migrateToLatest(database);
  const result = await importXmltv(
    database.db,
    xml,
    {
      idDomain: config.XMLTV_ID_DOMAIN,
      ...(args.values.channel !== undefined ? { channelId: args.values.channel } : {}),
      ...(from !== undefined && to !== undefined ? { from, to } : {}),
    },
    // What has aired is never rewritten (docs/adr/0043): the import starts after it.
    systemClock(),
  );
  for (const c of result.channels) {
    process.stdout.write(
      `${c.channelId}: ${taipeiLabel(c.from)} – ${taipeiLabel(c.to)} (Taipei): ` +
        `${c.inserted} programmes in, ${c.removed} removed, ${c.trimmed} cut at the period's bounds` +
        (c.aired > 0 ? `, ${c.aired} left out (their time has aired)` : '') +
        '\n',
    );
  }
  if (result.skipped > 0)
    process.stdout.write(`${result.skipped} programmes outside the selection left alone\n`);
  process.stdout.write(`imported ${file}\n`);
} catch (error) {
  if (error instanceof XmltvImportError) {
    process.stderr.write(`${file} was not imported; nothing changed:\n`);
    for (const p of error.problems) {
      process.stderr.write(`  ${p.line === null ? '' : `${file}:${p.line}: `}${p.message}\n`);
    }
    process.exitCode = 1;
  } else {
    process.stderr.write(`${file} was not imported: ${String(error)}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
