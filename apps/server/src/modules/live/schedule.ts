import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  XmltvImportError,
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

/**
 * Replaces each planned channel's schedule over its period, all channels in ONE transaction:
 * programmes inside the period go, programmes reaching into it from outside are cut at its
 * bounds (one spanning it is split in two), the new ones go in, and the channel's schedule
 * revision goes up so every instance rebuilds its playout. Any failure rolls everything back.
 * What has aired is never rewritten: the period starts, in effect, at frozenUntil(…), and the
 * file's programmes starting before that are left out (counted as `aired`).
 */
export async function replaceSchedules(
  db: Kysely<Database>,
  plan: ImportPlan,
  now: number,
): Promise<ImportResult> {
  return db.transaction().execute(async (trx) => {
    const channels: ImportResult['channels'] = [];
    for (const r of plan.replacements) {
      const overlapping = await trx
        .selectFrom('programme')
        .selectAll()
        .where('channel_id', '=', r.channelId)
        .where('start_at', '<', r.to)
        .where('end_at', '>', r.from)
        .execute();
      const from = frozenUntil(r.from, now, overlapping);
      const existing = overlapping.filter((p) => Number(p.start_at) >= now);
      const fresh = r.programmes.filter((p) => p.start >= from);
      let removed = 0;
      let trimmed = 0;
      for (const p of existing) {
        const start = Number(p.start_at);
        const end = Number(p.end_at);
        if (end <= from) continue;
        if (start < from) {
          await trx
            .updateTable('programme')
            .set({ end_at: from })
            .where('programme_id', '=', p.programme_id)
            .execute();
          if (end > r.to) {
            await trx
              .insertInto('programme')
              .values({
                channel_id: r.channelId,
                start_at: r.to,
                end_at: end,
                name: p.name,
                description: p.description,
                catchup_blackout: p.catchup_blackout,
              })
              .execute();
          }
          trimmed += 1;
        } else if (end > r.to) {
          await trx
            .updateTable('programme')
            .set({ start_at: r.to })
            .where('programme_id', '=', p.programme_id)
            .execute();
          trimmed += 1;
        } else {
          await trx.deleteFrom('programme').where('programme_id', '=', p.programme_id).execute();
          removed += 1;
        }
      }
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
        removed,
        trimmed,
        aired: r.programmes.length - fresh.length,
      });
    }
    return { channels, skipped: plan.skipped };
  });
}

/**
 * An XMLTV file into the schedule: valid against xmltv.dtd (xmllint), then the live module's own
 * checks (known channels, start before stop, no overlaps, inside the period), then one
 * transaction. Throws XmltvImportError listing every problem; then nothing was written.
 */
export async function importXmltv(
  db: Kysely<Database>,
  xml: string,
  options: ImportOptions,
  now: number,
): Promise<ImportResult> {
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
  return replaceSchedules(db, plan, now);
}
