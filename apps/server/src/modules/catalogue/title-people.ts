import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TitlePerson, TitlePersonRole } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Actor } from '../audit/trail.js';
import { changeOnVersion, type TitleStore } from './title-edits.js';

/*
 * A title's actors and directors in the console (issue 22 item 5). The catalogue owns person and
 * title_person: people are found by name (or added), and a title's rows are replaced as a whole
 * in the order given, on the title's version seen: the version goes up, the lists before and
 * after are audited and the title's search rows (its cast names) brought in line, all in the
 * transaction of changeOnVersion.
 */

export interface TitlePersonRow extends TitlePerson {
  personId: string;
}

export async function titlePeople(
  db: Kysely<Database>,
  contentId: string,
): Promise<TitlePersonRow[]> {
  const rows = await db
    .selectFrom('title_person')
    .innerJoin('person', 'person.person_id', 'title_person.person_id')
    .select(['person.person_id', 'person.name', 'title_person.role'])
    .where('title_person.content_id', '=', contentId)
    .orderBy('title_person.sort_order')
    .orderBy('person.person_id')
    .execute();
  return rows.map((row) => ({
    personId: row.person_id,
    name: row.name,
    role: row.role as TitlePersonRole,
  }));
}

export async function getTitlePeople(
  db: Kysely<Database>,
  contentId: string,
): Promise<{ people: TitlePersonRow[]; version: number }> {
  const title = await db
    .selectFrom('title')
    .select('version')
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  if (!title) throw notFound('找不到這部影片。');
  return { people: await titlePeople(db, contentId), version: Number(title.version) };
}

/** A new person id: random, never a guessable sequence. */
const newPersonId = () => `P${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

/** The person of this name (the first by id if several share it), or a new one. */
async function personNamed(trx: Kysely<Database>, name: string, added: string[]): Promise<string> {
  const found = await trx
    .selectFrom('person')
    .select('person_id')
    .where('name', '=', name)
    .orderBy('person_id')
    .executeTakeFirst();
  if (found) return found.person_id;
  const personId = newPersonId();
  await trx
    .insertInto('person')
    .values({ person_id: personId, name, picture_path: null })
    .execute();
  added.push(personId);
  return personId;
}

const listed = (people: readonly TitlePersonRow[]) =>
  people.map(({ name, role }) => ({ name, role }));

export async function setTitlePeople(
  store: TitleStore,
  actor: Actor,
  contentId: string,
  people: readonly TitlePerson[],
  version: number,
  now: number,
): Promise<{ people: TitlePersonRow[]; version: number }> {
  const title = await changeOnVersion(
    store,
    actor,
    contentId,
    version,
    now,
    async (_row, trx) => {
      // The same list again changes nothing: no new version, no audit entry.
      const wanted = people
        .map(({ name, role }) => ({ name: name.trim(), role }))
        .filter((p, i, all) => all.findIndex((q) => q.name === p.name && q.role === p.role) === i);
      const current = listed(await titlePeople(trx, contentId));
      if (JSON.stringify(current) === JSON.stringify(wanted)) return null;
      const added: string[] = [];
      const rows: { person_id: string; role: string }[] = [];
      for (const person of people) {
        const personId = await personNamed(trx, person.name.trim(), added);
        // One row per person and role (title_person's key): a repeat keeps its first place.
        if (!rows.some((r) => r.person_id === personId && r.role === person.role)) {
          rows.push({ person_id: personId, role: person.role });
        }
      }
      await trx.deleteFrom('title_person').where('content_id', '=', contentId).execute();
      if (rows.length > 0) {
        await trx
          .insertInto('title_person')
          .values(rows.map((r, i) => ({ content_id: contentId, ...r, sort_order: i + 1 })))
          .execute();
      }
      if (added.length > 0) await store.reindexPeople(trx, added);
      return {};
    },
    async (trx) => ({ people: listed(await titlePeople(trx, contentId)) }),
  );
  return { people: await titlePeople(store.db, contentId), version: title.version };
}
