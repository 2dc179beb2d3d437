import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { create } from 'xmlbuilder2';
import { repoRoot } from '../../config.js';
import { taipeiLabel, taipeiParts } from '../../taipei-time.js';
import { BLACKOUT_CATEGORY } from './catchup-rules.js';
import { channelIdOfXmltv } from './xmltv.js';

/** The XMLTV DTD the guide is checked against (a copy of shared/standards/xmltv.dtd). */
export const XMLTV_DTD = path.join(repoRoot, 'fixtures/standards/xmltv.dtd');
/** More programmes than this in one file is a mistake, not a schedule. */
export const MAX_IMPORT_PROGRAMMES = 50_000;

/** One thing wrong with a guide; `line` is the file's line when known. */
export interface ImportProblem {
  line: number | null;
  message: string;
}

export class XmltvImportError extends Error {
  override name = 'XmltvImportError';
  constructor(readonly problems: ImportProblem[]) {
    super(
      problems
        .map((p) => (p.line === null ? p.message : `line ${p.line}: ${p.message}`))
        .join('\n'),
    );
  }
}

/** A programme as the file gives it. */
export interface GuideProgramme {
  line: number | null;
  channelId: string;
  start: string;
  stop: string | null;
  title: string;
  description: string;
  /** `<category>no-catchup</category>`: no start over or catch-up (docs/adr/0043). */
  blackout: boolean;
}

/** What replaces one channel's schedule over [from, to). */
export interface ChannelReplacement {
  channelId: string;
  from: number;
  to: number;
  programmes: {
    start: number;
    end: number;
    name: string;
    description: string;
    blackout: boolean;
    line: number | null;
  }[];
}

export interface ImportOptions {
  /** Only this channel's programmes (the others in the file are skipped). */
  channelId?: string;
  /**
   * The site's XMLTV id domain: ids qualified with it (`ch01.{domain}`, as the export writes
   * them) name the same channel as the bare id.
   */
  idDomain?: string;
  /** Replace exactly [from, to) (Unix seconds); both or neither. Default: each channel's span in the file. */
  from?: number;
  to?: number;
}

export interface ImportPlan {
  replacements: ChannelReplacement[];
  /** Programmes of other channels or outside the period, left alone. */
  skipped: number;
}

/**
 * Checks a guide against xmltv.dtd with xmllint (libxml2-utils, installed by
 * scripts/system-deps.mjs). Problems name the file's lines as xmllint reports them.
 */
export function dtdProblems(xml: string, dtd = XMLTV_DTD): ImportProblem[] {
  // Run beside the DTD, so a document's own <!DOCTYPE tv SYSTEM "xmltv.dtd"> resolves to it.
  const result = spawnSync(
    'xmllint',
    ['--noout', '--nonet', '--dtdvalid', path.basename(dtd), '-'],
    {
      cwd: path.dirname(dtd),
      input: xml,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (result.error) {
    return [
      {
        line: null,
        message: `xmllint could not run (${result.error.message}); install libxml2-utils (node scripts/system-deps.mjs)`,
      },
    ];
  }
  if (result.status === 0) return [];
  const problems: ImportProblem[] = [];
  for (const text of result.stderr.split('\n')) {
    const match = /^-:(\d+): (.*)$/.exec(text);
    if (match) problems.push({ line: Number(match[1]), message: match[2]!.trim() });
  }
  return problems.length > 0
    ? problems
    : [{ line: null, message: `the file is not valid XMLTV (xmllint exit ${result.status})` }];
}

/** The line of each <programme> start tag, in document order (comments, CDATA and the DOCTYPE skipped). */
export function programmeLines(xml: string): number[] {
  const token =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>|<programme(?=[\s/>])/g;
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of xml.matchAll(token)) {
    for (let i = from; i < match.index; i += 1) if (xml.charCodeAt(i) === 10) line += 1;
    from = match.index;
    if (match[0] === '<programme') lines.push(line);
  }
  return lines;
}

interface ElementLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: Iterable<ElementLike>;
  getAttribute(name: string): string | null;
}

const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The Chinese text of a repeated element (title, desc) when there is one, else the first. */
function preferred(elements: ElementLike[]): string {
  const zh = elements.find((e) => /^zh/i.test(e.getAttribute('lang') ?? ''));
  return oneLine((zh ?? elements[0])?.textContent ?? '');
}

/** The programmes of a DTD-valid guide, parsed with an XML library (DESIGN §7). */
export function parseGuide(xml: string): GuideProgramme[] {
  const root = create(xml).root().node as unknown as ElementLike;
  const lines = programmeLines(xml);
  const programmes: GuideProgramme[] = [];
  for (const node of root.childNodes) {
    if (node.nodeType !== 1 || node.nodeName !== 'programme') continue;
    const children = [...node.childNodes].filter((c) => c.nodeType === 1);
    programmes.push({
      line: lines[programmes.length] ?? null,
      channelId: node.getAttribute('channel') ?? '',
      start: node.getAttribute('start') ?? '',
      stop: node.getAttribute('stop'),
      title: preferred(children.filter((c) => c.nodeName === 'title')),
      description: preferred(children.filter((c) => c.nodeName === 'desc')),
      blackout: children.some(
        (c) => c.nodeName === 'category' && oneLine(c.textContent) === BLACKOUT_CATEGORY,
      ),
    });
  }
  return programmes;
}

const TIME =
  /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\s*(?:([+-])(\d{2})(\d{2})|(Z|UTC|GMT)))?$/;

/**
 * An XMLTV time 'YYYYMMDDhhmm[ss] [±hhmm]' to Unix seconds; without an offset it is UTC, as
 * xmltv.dtd says. Truncated dates (no time) and named zones other than UTC are refused: a
 * schedule needs minutes and an unambiguous offset.
 */
export function parseXmltvTime(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', sign, oh, om] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const back = new Date(local);
  if (
    back.getUTCFullYear() !== Number(y) ||
    back.getUTCMonth() !== Number(mo) - 1 ||
    back.getUTCDate() !== Number(d) ||
    back.getUTCHours() !== Number(h) ||
    back.getUTCMinutes() !== Number(mi) ||
    back.getUTCSeconds() !== Number(s)
  )
    return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60) : 0;
  if (Math.abs(offset) > 14 * 3600 || Number(om ?? 0) > 59) return null;
  return local / 1000 - offset;
}

/** 「name」 (channel, Taipei start–end): how a programme is named to the operator. */
export function describe(channelId: string, name: string, start: number, end: number): string {
  const endLabel =
    taipeiParts(end).date === taipeiParts(start).date ? taipeiParts(end).time : taipeiLabel(end);
  return `「${name || '(no title)'}」 (${channelId}, ${taipeiLabel(start)}–${endLabel} Taipei)`;
}

/**
 * THE overlap rule of a channel's schedule, for the import and the console alike (docs/adr/0048):
 * in start order, a programme overlaps the one before it when it starts before that one's end
 * (touching is fine: one ends at 21:00, the next starts at 21:00). The message names both.
 */
export function overlapProblem(
  label: string,
  start: number,
  previous: { end: number; label: string; line: number | null },
): string | null {
  if (!(start < previous.end)) return null;
  const where = previous.line === null ? '' : `line ${previous.line}, `;
  return `${label} overlaps ${previous.label} (${where}ends ${taipeiLabel(previous.end)})`;
}

/**
 * Checks the programmes of a parsed guide and plans the replacement of each channel's schedule:
 * every programme names a known channel, has a valid start before its stop, a title, and
 * overlaps no other programme of its channel; with a period, none crosses its bounds.
 * All problems are collected (not only the first), so one run shows everything to fix.
 */
export function planImport(
  fileGuide: GuideProgramme[],
  knownChannels: ReadonlySet<string>,
  given: ImportOptions = {},
): { plan: ImportPlan; problems: ImportProblem[] } {
  // Qualified ids (`ch01.{domain}`, the export's) and bare ones name the same channel.
  const local = (id: string) => channelIdOfXmltv(id, given.idDomain);
  const guide = fileGuide.map((p) => ({ ...p, channelId: local(p.channelId) }));
  const options =
    given.channelId === undefined ? given : { ...given, channelId: local(given.channelId) };
  const problems: ImportProblem[] = [];
  const { from, to } = options;
  if ((from === undefined) !== (to === undefined))
    problems.push({ line: null, message: 'give both --from and --to, or neither' });
  if (from !== undefined && to !== undefined && !(from < to))
    problems.push({ line: null, message: '--from must be before --to' });
  if (options.channelId !== undefined && !knownChannels.has(options.channelId))
    problems.push({
      line: null,
      message: `channel '${options.channelId}' is not a channel of this site`,
    });
  if (guide.length > MAX_IMPORT_PROGRAMMES)
    problems.push({
      line: null,
      message: `more than ${MAX_IMPORT_PROGRAMMES} programmes in one file`,
    });

  let skipped = 0;
  const wanted = guide.filter((p) => {
    const keep = options.channelId === undefined || p.channelId === options.channelId;
    if (!keep) skipped += 1;
    return keep;
  });

  // Parse and check each programme on its own.
  const byChannel = new Map<string, (GuideProgramme & { from: number; to: number | null })[]>();
  for (const p of wanted) {
    const name = p.title ? `「${p.title}」` : 'a programme';
    const start = parseXmltvTime(p.start);
    const stop = p.stop === null ? null : parseXmltvTime(p.stop);
    let ok = true;
    if (!knownChannels.has(p.channelId)) {
      problems.push({
        line: p.line,
        message: `${name}: channel '${p.channelId}' is not a channel of this site`,
      });
      ok = false;
    }
    if (!p.title) {
      problems.push({ line: p.line, message: 'a programme without a title' });
      ok = false;
    } else if (p.title.length > 200) {
      problems.push({ line: p.line, message: `${name}: the title is longer than 200 characters` });
      ok = false;
    }
    if (start === null) {
      problems.push({
        line: p.line,
        message: `${name}: start '${p.start}' is not an XMLTV time (YYYYMMDDhhmmss ±hhmm)`,
      });
      ok = false;
    }
    if (p.stop !== null && stop === null) {
      problems.push({
        line: p.line,
        message: `${name}: stop '${p.stop}' is not an XMLTV time (YYYYMMDDhhmmss ±hhmm)`,
      });
      ok = false;
    }
    if (!ok || start === null) continue;
    const list = byChannel.get(p.channelId) ?? [];
    list.push({ ...p, from: start, to: stop });
    byChannel.set(p.channelId, list);
  }

  const replacements: ChannelReplacement[] = [];
  for (const [channelId, list] of byChannel) {
    list.sort((a, b) => a.from - b.from || (a.line ?? 0) - (b.line ?? 0));
    const programmes: ChannelReplacement['programmes'] = [];
    let previous: { end: number; label: string; line: number | null } | null = null;
    list.forEach((p, i) => {
      // A programme without a stop runs until the next one starts (XMLTV allows leaving it out).
      const end = p.to ?? list[i + 1]?.from ?? null;
      if (end === null) {
        problems.push({
          line: p.line,
          message: `「${p.title}」 (${channelId}, ${taipeiLabel(p.from)}): no stop time and no programme after it`,
        });
        return;
      }
      const label = describe(channelId, p.title, p.from, end);
      if (!(p.from < end)) {
        problems.push({ line: p.line, message: `${label}: start is not before stop` });
        return;
      }
      const overlap = previous && overlapProblem(label, p.from, previous);
      if (overlap) problems.push({ line: p.line, message: overlap });
      if (from !== undefined && to !== undefined) {
        if (end <= from || p.from >= to) {
          skipped += 1;
          previous = { end, label, line: p.line };
          return;
        }
        if (p.from < from || end > to) {
          problems.push({
            line: p.line,
            message: `${label} crosses the import period ${taipeiLabel(from)}–${taipeiLabel(to)}`,
          });
        }
      }
      if (!previous || end > previous.end) previous = { end, label, line: p.line };
      programmes.push({
        start: p.from,
        end,
        name: p.title,
        description: p.description,
        blackout: p.blackout,
        line: p.line,
      });
    });
    if (programmes.length === 0 && (from === undefined || to === undefined)) continue;
    replacements.push({
      channelId,
      from: from ?? Math.min(...programmes.map((p) => p.start)),
      to: to ?? Math.max(...programmes.map((p) => p.end)),
      programmes,
    });
  }
  // A channel named on the command line with a period and no programmes in it: the period is cleared.
  if (
    options.channelId !== undefined &&
    from !== undefined &&
    to !== undefined &&
    knownChannels.has(options.channelId) &&
    !byChannel.has(options.channelId)
  ) {
    replacements.push({ channelId: options.channelId, from, to, programmes: [] });
  }
  if (replacements.length === 0 && problems.length === 0) {
    problems.push({
      line: null,
      message:
        options.channelId === undefined
          ? 'the file has no programmes to import'
          : `the file has no programmes of channel '${options.channelId}' (give --from and --to to clear a period)`,
    });
  }
  replacements.sort((a, b) => (a.channelId < b.channelId ? -1 : a.channelId > b.channelId ? 1 : 0));
  return { plan: { replacements, skipped }, problems };
}
