import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ConsoleProgramme,
  ProgrammeInput,
  ScheduleAsset,
  ScheduleWeek,
} from '@site/contract/console';
import type { Database, ProgrammeTable } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { playoutClipIds } from './channel-rules.js';
import { describe, overlapProblem } from './xmltv-import.js';

/**
 * The schedule's console side (issue 25 item 2, docs/adr/0048): the week grid's read and the
 * scheduler's edits. Every edit is one transaction with its audit entry and a bump of the
 * channel's schedule_rev, which is what the live origin of every instance (its 1 s check), the
 * guide cache and the XMLTV preview token watch: a change reaches every instance without restart.
 *
 * What has aired is frozen (docs/adr/0043; catch-up has served it): a programme with end <= now
 * is neither changed nor deleted; one on air may only have its end moved, not before now; a new
 * (or moved) programme starts no earlier than now.
 */

type ProgrammeRow = Selectable<ProgrammeTable>;
export const DAY = 86_400;
/** Taipei has kept UTC+8 without daylight saving since 1979: a Taipei day is [00:00+08, +24 h). */
const TAIPEI = 8 * 3600;

/** 00:00 Taipei of a YYYY-MM-DD date, Unix seconds. */
export function taipeiDayStart(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00+08:00`) / 1000);
}

/** The YYYY-MM-DD (Taipei) of a moment. */
export function taipeiDateOf(unixSeconds: number): string {
  return new Date((unixSeconds + TAIPEI) * 1000).toISOString().slice(0, 10);
}

/** 00:00 Taipei of the Monday of the week holding a date. */
export function taipeiMonday(date: string): number {
  const start = taipeiDayStart(date);
  const weekday = new Date((start + TAIPEI) * 1000).getUTCDay(); // 0 Sunday
  return start - ((weekday + 6) % 7) * DAY;
}

export function presentProgramme(p: ProgrammeRow): ConsoleProgramme {
  return {
    programmeId: Number(p.programme_id),
    channelId: p.channel_id,
    start: Number(p.start_at),
    end: Number(p.end_at),
    title: p.name,
    description: p.description,
    clipId: p.clip_id ?? null,
    blackout: Number(p.catchup_blackout) === 1,
  };
}

/** The grid's one read: every asked channel's programmes overlapping the Taipei week. */
export async function scheduleWeek(
  db: Kysely<Database>,
  date: string,
  channelIds: readonly string[] | null,
  now: number,
): Promise<ScheduleWeek> {
  const from = taipeiMonday(date);
  const to = from + 7 * DAY;
  let channelQuery = db
    .selectFrom('channel')
    .select(['channel_id', 'name', 'schedule_rev'])
    .orderBy('sort_order')
    .orderBy('channel_id');
  if (channelIds) channelQuery = channelQuery.where('channel_id', 'in', [...channelIds, '']);
  const channels = await channelQuery.execute();
  let programmeQuery = db
    .selectFrom('programme')
    .selectAll()
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .orderBy('channel_id')
    .orderBy('start_at');
  if (channelIds) programmeQuery = programmeQuery.where('channel_id', 'in', [...channelIds, '']);
  const byChannel = new Map<string, ConsoleProgramme[]>();
  for (const p of await programmeQuery.execute()) {
    const list = byChannel.get(p.channel_id) ?? [];
    list.push(presentProgramme(p));
    byChannel.set(p.channel_id, list);
  }
  return {
    week: taipeiDateOf(from),
    from,
    to,
    now,
    channels: channels.map((c) => ({
      channelId: c.channel_id,
      name: c.name,
      scheduleRev: Number(c.schedule_rev),
      programmes: byChannel.get(c.channel_id) ?? [],
    })),
  };
}

/**
 * Clips a programme may play: the media library's (transcoded by the ingest queue, clear: the
 * live origin does not play encrypted clips) and the channels' playout clips.
 */
export async function scheduleAssets(db: Kysely<Database>): Promise<ScheduleAsset[]> {
  const jobs = await db
    .selectFrom('ingest_job')
    .select(['source_name', 'result'])
    .where('state', '=', 'done')
    .orderBy('updated_ms', 'desc')
    .limit(500)
    .execute();
  const assets = new Map<string, ScheduleAsset>();
  for (const job of jobs) {
    const result = job.result
      ? (JSON.parse(job.result) as {
          clipId?: string;
          durationSeconds?: number;
          encrypted?: boolean;
        })
      : null;
    if (!result?.clipId || result.encrypted) continue;
    assets.set(result.clipId, {
      clipId: result.clipId,
      name: job.source_name || result.clipId,
      durationSeconds: result.durationSeconds ?? null,
      source: 'library',
    });
  }
  const channels = await db
    .selectFrom('channel')
    .select(['playout_clip_ids', 'clip_id', 'is_youtube', 'twitch_login'])
    .execute();
  for (const channel of channels) {
    for (const clipId of playoutClipIds(channel)) {
      if (!assets.has(clipId))
        assets.set(clipId, { clipId, name: clipId, durationSeconds: null, source: 'playout' });
    }
  }
  return [...assets.values()];
}

export async function requireChannel(db: Kysely<Database>, channelId: string): Promise<void> {
  const row = await db
    .selectFrom('channel')
    .select('channel_id')
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  if (!row) throw notFound('找不到這個頻道。');
}

async function checkClip(db: Kysely<Database>, clipId: string | null): Promise<void> {
  if (clipId === null) return;
  if (!(await scheduleAssets(db)).some((a) => a.clipId === clipId))
    throw new AppError('BAD_INPUT', [{ name: 'clipId', problem: '請從媒體庫選擇素材' }]);
}

/**
 * Refuses a programme [start, end) on a channel that overlaps another (except `self`), with the
 * import's own rule and words (overlapProblem), named in zh-TW for the console.
 */
export async function checkNoOverlap(
  db: Kysely<Database>,
  channelId: string,
  programmes: readonly { start: number; end: number; title: string }[],
  except: readonly number[] = [],
): Promise<void> {
  if (programmes.length === 0) return;
  const from = Math.min(...programmes.map((p) => p.start));
  const to = Math.max(...programmes.map((p) => p.end));
  let query = db
    .selectFrom('programme')
    .select(['programme_id', 'start_at', 'end_at', 'name'])
    .where('channel_id', '=', channelId)
    .where('start_at', '<', to)
    .where('end_at', '>', from);
  if (except.length > 0) query = query.where('programme_id', 'not in', [...except]);
  const all = [
    ...(await query.execute()).map((p) => ({
      start: Number(p.start_at),
      end: Number(p.end_at),
      title: p.name,
      stored: true,
    })),
    ...programmes.map((p) => ({ ...p, stored: false })),
  ].sort((a, b) => a.start - b.start || a.end - b.end);
  let previous: { end: number; label: string; line: null; stored: boolean } | null = null;
  for (const p of all) {
    const label = describe(channelId, p.title, p.start, p.end);
    const problem = previous && overlapProblem(label, p.start, previous);
    // Two stored rows overlapping is the past's business (written around the import), not this edit's.
    if (problem && previous && !(previous.stored && p.stored)) {
      throw new AppError('PROGRAMME_OVERLAP', undefined, `節目時間重疊：${problem}`, undefined, {
        problem,
      });
    }
    if (!previous || p.end > previous.end)
      previous = { end: p.end, label, line: null, stored: p.stored };
  }
}

export const bumpRevision = (db: Kysely<Database>, channelId: string) =>
  db
    .updateTable('channel')
    .set({ schedule_rev: sql<number>`schedule_rev + 1` })
    .where('channel_id', '=', channelId)
    .execute();

export const auditFields = (p: ConsoleProgramme) => ({
  channelId: p.channelId,
  start: p.start,
  end: p.end,
  title: p.title,
  description: p.description,
  clipId: p.clipId,
  blackout: p.blackout,
});

export const rowOf = (channelId: string, input: ProgrammeInput) => ({
  channel_id: channelId,
  start_at: input.start,
  end_at: input.end,
  name: input.title,
  description: input.description,
  clip_id: input.clipId,
  catchup_blackout: input.blackout ? 1 : 0,
});

async function findProgramme(db: Kysely<Database>, programmeId: number) {
  const row = await db
    .selectFrom('programme')
    .selectAll()
    .where('programme_id', '=', programmeId)
    .executeTakeFirst();
  if (!row) throw notFound('找不到這個節目。');
  return row;
}

export async function addProgramme(
  db: Kysely<Database>,
  actor: Actor,
  channelId: string,
  input: ProgrammeInput,
  now: number,
): Promise<ConsoleProgramme> {
  await requireChannel(db, channelId);
  await checkClip(db, input.clipId);
  if (input.start < now) throw new AppError('PROGRAMME_IN_PAST');
  return db.transaction().execute(async (trx) => {
    // Inside the transaction, after the revision bump's row lock on PostgreSQL, so two edits of
    // one channel cannot both pass the check.
    await bumpRevision(trx, channelId);
    await checkNoOverlap(trx, channelId, [input]);
    const inserted = await trx
      .insertInto('programme')
      .values(rowOf(channelId, input))
      .returning('programme_id')
      .executeTakeFirstOrThrow();
    const programme = presentProgramme(await findProgramme(trx, Number(inserted.programme_id)));
    await recordChange(
      trx,
      actor,
      {
        entity: 'programme',
        entityId: String(programme.programmeId),
        before: null,
        after: auditFields(programme),
      },
      now,
    );
    return programme;
  });
}

/**
 * Moves, resizes or edits a programme. Aired (end <= now): refused. On air (start < now < end):
 * only its end may change, to now or later. Otherwise it may move anywhere from now on.
 */
export async function changeProgramme(
  db: Kysely<Database>,
  actor: Actor,
  programmeId: number,
  input: ProgrammeInput,
  now: number,
): Promise<ConsoleProgramme> {
  const row = await findProgramme(db, programmeId);
  const before = presentProgramme(row);
  await checkClip(db, input.clipId);
  if (before.end <= now) throw new AppError('PROGRAMME_AIRED');
  if (before.start < now) {
    const same =
      input.start === before.start &&
      input.title === before.title &&
      input.description === before.description &&
      input.clipId === before.clipId &&
      input.blackout === before.blackout;
    if (!same || input.end < now) throw new AppError('PROGRAMME_ON_AIR');
  } else if (input.start < now) {
    throw new AppError('PROGRAMME_IN_PAST');
  }
  return db.transaction().execute(async (trx) => {
    await bumpRevision(trx, row.channel_id);
    await checkNoOverlap(trx, row.channel_id, [input], [programmeId]);
    await trx
      .updateTable('programme')
      .set(rowOf(row.channel_id, input))
      .where('programme_id', '=', programmeId)
      .execute();
    const after = presentProgramme(await findProgramme(trx, programmeId));
    await recordChange(
      trx,
      actor,
      {
        entity: 'programme',
        entityId: String(programmeId),
        before: auditFields(before),
        after: auditFields(after),
      },
      now,
    );
    return after;
  });
}

/** Deletes a programme that has not started (one on air is shortened instead: its end to now). */
export async function deleteProgramme(
  db: Kysely<Database>,
  actor: Actor,
  programmeId: number,
  now: number,
): Promise<void> {
  const row = await findProgramme(db, programmeId);
  const before = presentProgramme(row);
  if (before.end <= now) throw new AppError('PROGRAMME_AIRED');
  if (before.start < now) throw new AppError('PROGRAMME_ON_AIR');
  await db.transaction().execute(async (trx) => {
    await bumpRevision(trx, row.channel_id);
    await trx.deleteFrom('programme').where('programme_id', '=', programmeId).execute();
    await recordChange(
      trx,
      actor,
      {
        entity: 'programme',
        entityId: String(programmeId),
        before: auditFields(before),
        after: null,
      },
      now,
    );
  });
}
