import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { XmltvPreview } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import {
  channelChange,
  importXmltv,
  overlappingProgrammes,
  planXmltv,
  type ImportResult,
} from './schedule.js';
import { XmltvImportError, type ImportOptions, type ImportPlan } from './xmltv-import.js';

/**
 * XMLTV through the console (issue 25 item 3, docs/adr/0048): a preview of what a file would do,
 * then the apply through importXmltv, the very code of `npm run epg:import`. The preview hands a
 * token: a digest of the file, its options, and what it would change (each channel's schedule
 * revision and the change planned by channelChange at that moment). The apply recomputes it
 * inside its transaction, before writing, and refuses (SCHEDULE_CHANGED) when it differs, so
 * what is applied is exactly what was previewed, on any instance (the token is stateless).
 */

type Channels = XmltvPreview['channels'];

async function previewOf(
  db: Kysely<Database>,
  plan: ImportPlan,
  now: number,
): Promise<{ channels: Channels; revs: number[] }> {
  const channels: Channels = [];
  const revs: number[] = [];
  for (const r of plan.replacements) {
    const rev = await db
      .selectFrom('channel')
      .select('schedule_rev')
      .where('channel_id', '=', r.channelId)
      .executeTakeFirst();
    revs.push(Number(rev?.schedule_rev ?? -1));
    const change = channelChange(
      r,
      await overlappingProgrammes(db, r.channelId, r.from, r.to),
      now,
    );
    const mine = (p: { start: number; end: number; name: string; line: number | null }) => ({
      start: p.start,
      end: p.end,
      title: p.name,
      line: p.line,
    });
    channels.push({
      channelId: r.channelId,
      from: change.from,
      to: r.to,
      added: change.fresh.map(mine),
      replaced: change.removed.map((p) => ({
        start: Number(p.start_at),
        end: Number(p.end_at),
        title: p.name,
        line: null,
      })),
      cut: change.cut.map((c) => ({
        start: c.start,
        end: c.end,
        title: c.row.name,
        line: null,
        was: { start: Number(c.row.start_at), end: Number(c.row.end_at) },
      })),
      aired: change.aired.map(mine),
    });
  }
  return { channels, revs };
}

const tokenOf = (xml: string, options: ImportOptions, revs: number[], channels: Channels) =>
  createHash('sha256')
    .update(JSON.stringify([xml, options.channelId ?? null, revs, channels]))
    .digest('base64url');

/** What a file would change, or its problems (with the file's line numbers); nothing written. */
export async function previewXmltv(
  db: Kysely<Database>,
  xml: string,
  options: ImportOptions,
  now: number,
): Promise<XmltvPreview> {
  let plan: ImportPlan;
  try {
    plan = await planXmltv(db, xml, options);
  } catch (error) {
    if (!(error instanceof XmltvImportError)) throw error;
    return { token: null, problems: error.problems, channels: [], skipped: 0 };
  }
  const { channels, revs } = await previewOf(db, plan, now);
  return {
    token: tokenOf(xml, options, revs, channels),
    problems: [],
    channels,
    skipped: plan.skipped,
  };
}

/** Applies a previewed file (importXmltv, one transaction, audited per channel). */
export async function applyXmltv(
  db: Kysely<Database>,
  actor: Actor,
  xml: string,
  options: ImportOptions,
  token: string,
  now: number,
): Promise<ImportResult> {
  try {
    return await importXmltv(db, xml, options, now, {
      before: async (trx, plan) => {
        const { channels, revs } = await previewOf(trx, plan, now);
        if (tokenOf(xml, options, revs, channels) !== token) throw new AppError('SCHEDULE_CHANGED');
      },
      after: async (trx, result) => {
        for (const c of result.channels) {
          await recordChange(
            trx,
            actor,
            {
              entity: 'channel_schedule',
              entityId: c.channelId,
              before: null,
              after: {
                xmltv: true,
                from: c.from,
                to: c.to,
                inserted: c.inserted,
                removed: c.removed,
                trimmed: c.trimmed,
                aired: c.aired,
              },
            },
            now,
          );
        }
      },
    });
  } catch (error) {
    if (error instanceof XmltvImportError) {
      throw new AppError('XMLTV_REFUSED', undefined, undefined, undefined, {
        problems: error.problems,
      });
    }
    throw error;
  }
}
