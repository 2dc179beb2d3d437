import { sql, type Kysely, type Selectable } from 'kysely';
import {
  FIXED_TEXTS,
  checkWordingText,
  fixedText,
  knownWording,
  shapeOfText,
  wordingTemplate,
  type ConsoleWording,
  type WordingShape,
} from '@site/contract/console';
import type { Database, WordingTable } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { recordChange, type Actor } from '../audit/trail.js';

/**
 * The wording table edited from the console (issue 25 item 9, docs/adr/0051). Every change is
 * checked against the entry's placeholders (wording-shapes.ts, the check the console runs too),
 * made on the version seen, and written in one transaction with its audit entry (old and new
 * text). The customer calls read the table on every request (wording.ts keeps no cache), so a
 * change shows on every instance at once.
 */

type WordingRow = Selectable<WordingTable>;

function shapeOf(row: Pick<WordingRow, 'code' | 'wording'>): WordingShape {
  return knownWording(row.code) ?? shapeOfText(row.wording);
}

function present(row: WordingRow): ConsoleWording {
  const known = knownWording(row.code);
  const shape = shapeOf(row);
  return {
    code: row.code,
    group: row.group_code,
    label: known?.label ?? row.code,
    shownAt: known?.shownAt ?? `以 ajaxFindWording.do?code=${row.code} 提供`,
    template: wordingTemplate(shape),
    parts: shape.parts.map((part) => ({ ...part })),
    maxLength: shape.maxLength,
    preview: shape.preview,
    text: row.wording,
    defaultText: known?.defaultText ?? null,
    previousText: row.previous_wording,
    version: Number(row.version),
    updatedAt: row.updated_at === null ? null : Number(row.updated_at),
    updatedBy: row.updated_by,
  };
}

/** Every entry of the table, the known ones first in the site's order, and SPEC's fixed texts. */
export async function listWording(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('wording')
    .selectAll()
    .orderBy('group_code')
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return { entries: rows.map(present), fixed: FIXED_TEXTS.map((entry) => ({ ...entry })) };
}

export async function findWordingEntry(db: Kysely<Database>, code: string) {
  const row = await db
    .selectFrom('wording')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw notFound('找不到這段文字。');
  return present(row);
}

function refuseFixed(code: string): void {
  const fixed = fixedText(code);
  if (fixed) {
    throw new AppError('CONFLICT', undefined, `「${fixed.label}」是固定文字：${fixed.reason}`);
  }
}

/** The refusal of a text that does not fit its entry: the first problem, every one by field. */
function refuseText(shape: WordingShape, text: string): void {
  const problems = checkWordingText(shape, text);
  if (problems.length === 0) return;
  throw new AppError(
    'BAD_INPUT',
    problems.map((problem) => ({ name: 'text', problem: problem.message })),
    problems[0]!.message,
  );
}

type Target = { text: string } | { to: 'previous' | 'default' };

/**
 * Sets an entry's text on the version seen: a new text, or back to the previous or the default
 * one (the undo). The text before is kept as `previous_wording`, so undoing twice goes back and
 * forth. Nothing is written when anything is refused.
 */
export async function setWording(
  db: Kysely<Database>,
  actor: Actor,
  code: string,
  target: Target,
  seenVersion: number,
  now: number,
): Promise<ConsoleWording> {
  refuseFixed(code);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('wording')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) throw notFound('找不到這段文字。');
    if (Number(row.version) !== seenVersion) {
      throw staleEdit({ text: row.wording }, Number(row.version));
    }
    const text = nextText(row, target);
    refuseText(shapeOf(row), text);
    if (text === row.wording) return;
    const updated = await trx
      .updateTable('wording')
      .set({
        wording: text,
        previous_wording: row.wording,
        updated_at: now,
        updated_by: actor.email,
        version: sql<number>`version + 1`,
      })
      .where('code', '=', code)
      .where('version', '=', seenVersion)
      .executeTakeFirst();
    // A concurrent change committed between the read and this update.
    if (Number(updated.numUpdatedRows) !== 1) {
      throw staleEdit({ text: row.wording }, Number(row.version));
    }
    await recordChange(
      trx,
      actor,
      {
        entity: 'wording',
        entityId: code,
        before: { text: row.wording },
        after: { text, ...('to' in target ? { revertedTo: target.to } : {}) },
      },
      now,
    );
  });
  return findWordingEntry(db, code);
}

function nextText(row: WordingRow, target: Target): string {
  if ('text' in target) return target.text;
  if (target.to === 'previous') {
    if (row.previous_wording === null) {
      throw new AppError(
        'CONFLICT',
        undefined,
        '這段文字還沒有在主控台修改過，沒有上一版可以還原。',
      );
    }
    return row.previous_wording;
  }
  const known = knownWording(row.code);
  if (!known) {
    throw new AppError('CONFLICT', undefined, '這段文字不是網站內建的項目，沒有預設文字可以還原。');
  }
  return known.defaultText;
}
