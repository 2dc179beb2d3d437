import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProgrammeTable } from '../../db/schema.js';
import {
  XmltvImportError,
  type ChannelReplacement,
  dtdProblems,
  parseGuide,
  planImport,
  type ImportOptions,
  type ImportPlan,
} from './xmltv-import.js';

export interface ImportResult {
  channels: {
    channelId: string;
    from: number;
    to: number;
    inserted: number;
    removed: number;
    trimmed: number;
    /** Programmes of the file left out because their slot has already aired (docs/adr/0043). */
    aired: number;
  }[];
  skipped: number;
}

/**
 * Where an import may start changing a channel's schedule (docs/adr/0043, "what has aired is
 * frozen"): not before `now`, nor before the end of a programme that started before `now` (the
 * one on air keeps its end), nor before the period. Everything earlier is what viewers saw and
 * what catch-up plays back, and a programme's start names it in share links and resume points.
 */
export function frozenUntil(
  from: number,
  now: number,
  overlapping: readonly { start_at: number; end_at: number }[],
): number {
  let cut = Math.max(from, now);
  for (const p of overlapping) if (Number(p.start_at) < now) cut = Math.max(cut, Number(p.end_at));
  return cut;
}

/** A programme row as the replacement reads it. */
type ExistingRow = Pick<
  Selectable<ProgrammeTable>,
  'programme_id' | 'start_at' | 'end_at' | 'name' | 'description' | 'catchup_blackout' | 'clip_id'
>;

/** What replacing one channel's period does to it: the one rule, for the apply and the console's preview. */
export interface ChannelChange {
  /** Where the change starts in effect: frozenUntil(…). */
  from: number;
  /** The file's programmes that go in. */
  fresh: ChannelReplacement['programmes'];
  /** The file's programmes left out: their slot has aired. */
  aired: ChannelReplacement['programmes'];
  /** Today's programmes that go. */
  removed: ExistingRow[];
  /** Today's programmes cut at the bounds: the new start and end; a spanning one also keeps a tail [to, end). */
  cut: { row: ExistingRow; start: number; end: number; tail: boolean }[];
}

/**
 * The change a replacement makes to a channel whose programmes overlapping [r.from, r.to) are
 * `overlapping`: programmes inside the period go, programmes reaching into it from outside are
 * cut at its bounds (one spanning it is split in two), the new ones go in. What has aired is never
 * rewritten: the period starts, in effect, at frozenUntil(…), and the file's programmes starting
 * before that are left out.
 */
export function channelChange(
  r: ChannelReplacement,
  overlapping: readonly ExistingRow[],
  now: number,
): ChannelChange {
  const from = frozenUntil(r.from, now, overlapping);
  const change: ChannelChange = {
    from,
    fresh: r.programmes.filter((p) => p.start >= from),
    aired: r.programmes.filter((p) => p.start < from),
    removed: [],
    cut: [],
  };
  for (const p of overlapping) {
    if (Number(p.start_at) < now) continue;
    const start = Number(p.start_at);
    const end = Number(p.end_at);
    if (end <= from) continue;
    if (start < from) change.cut.push({ row: p, start, end: from, tail: end > r.to });
    else if (end > r.to) change.cut.push({ row: p, start: r.to, end, tail: false });
    else change.removed.push(p);
  }
  return change;
}

/** Today's programmes of a channel overlapping [from, to). */
export function overlappingProgrammes(
  db: Kysely<Database>,
  channelId: string,
  from: number,
  to: number,
): Promise<ExistingRow[]> {
  return db
    .selectFrom('programme')
    .select([
      'programme_id',
      'start_at',
      'end_at',
      'name',
      'description',
      'catchup_blackout',
      'clip_id',
    ])
    .where('channel_id', '=', channelId)
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .execute();
}

/** What a caller may do inside the import's transaction (the console's preview check and audit). */
export interface ImportHooks {
  /** Before anything is written; throw to refuse (nothing is written). */
  before?: (trx: Kysely<Database>, plan: ImportPlan) => Promise<void>;
  /** After everything is written, in the same transaction. */
  after?: (trx: Kysely<Database>, result: ImportResult) => Promise<void>;
}

/**
 * Replaces each planned channel's schedule over its period (channelChange), all channels in ONE
 * transaction, and the channel's schedule revision goes up so every instance rebuilds its
 * playout. Any failure rolls everything back.
 */
export async function replaceSchedules(
  db: Kysely<Database>,
  plan: ImportPlan,
  now: number,
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  return db.transaction().execute(async (trx) => {
    await hooks.before?.(trx, plan);
    const channels: ImportResult['channels'] = [];
    for (const r of plan.replacements) {
      const overlapping = await overlappingProgrammes(trx, r.channelId, r.from, r.to);
      const change = channelChange(r, overlapping, now);
      for (const c of change.cut) {
        await trx
          .updateTable('programme')
          .set({ start_at: c.start, end_at: c.end })
          .where('programme_id', '=', c.row.programme_id)
          .execute();
        if (c.tail) {
          await trx
            .insertInto('programme')
            .values({
              channel_id: r.channelId,
              start_at: r.to,
              end_at: Number(c.row.end_at),
              name: c.row.name,
              description: c.row.description,
              catchup_blackout: c.row.catchup_blackout,
              clip_id: c.row.clip_id,
            })
            .execute();
        }
      }
      for (const p of change.removed)
        await trx.deleteFrom('programme').where('programme_id', '=', p.programme_id).execute();
      const fresh = change.fresh;
      for (let i = 0; i < fresh.length; i += 200) {
        await trx
          .insertInto('programme')
          .values(
            fresh.slice(i, i + 200).map((p) => ({
              channel_id: r.channelId,
              start_at: p.start,
              end_at: p.end,
              name: p.name,
              description: p.description,
              catchup_blackout: p.blackout ? 1 : 0,
            })),
          )
          .execute();
      }
      await trx
        .updateTable('channel')
        .set({ schedule_rev: sql<number>`schedule_rev + 1` })
        .where('channel_id', '=', r.channelId)
        .execute();
      channels.push({
        channelId: r.channelId,
        from: r.from,
        to: r.to,
        inserted: fresh.length,
        removed: change.removed.length,
        trimmed: change.cut.length,
        aired: change.aired.length,
      });
    }
    const result = { channels, skipped: plan.skipped };
    await hooks.after?.(trx, result);
    return result;
  });
}

/**
 * An XMLTV file checked and planned, nothing written: valid against xmltv.dtd (xmllint), then the
 * live module's own checks (known channels, start before stop, no overlaps, inside the period).
 * Throws XmltvImportError listing every problem.
 */
export async function planXmltv(
  db: Kysely<Database>,
  xml: string,
  options: ImportOptions,
): Promise<ImportPlan> {
  const invalid = dtdProblems(xml);
  if (invalid.length > 0) throw new XmltvImportError(invalid);
  let guide;
  try {
    guide = parseGuide(xml);
  } catch (error) {
    throw new XmltvImportError([
      { line: null, message: `not readable as XML: ${(error as Error).message}` },
    ]);
  }
  const known = new Set(
    (await db.selectFrom('channel').select('channel_id').execute()).map((c) => c.channel_id),
  );
  const { plan, problems } = planImport(guide, known, options);
  if (problems.length > 0) throw new XmltvImportError(problems);
  return plan;
}

/**
 * An XMLTV file into the schedule (`npm run epg:import` and the console's apply): planXmltv, then
 * one transaction. Throws XmltvImportError listing every problem; then nothing was written.
 */
export async function importXmltv(
  db: Kysely<Database>,
  xml: string,
  options: ImportOptions,
  now: number,
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  return replaceSchedules(db, await planXmltv(db, xml, options), now, hooks);
}
