import { consoleTitleSchema } from '@site/contract/console';
import { nextOrPrevReplySchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTitle, signedInStaff, useTestApp } from '../support/index.js';
import type { ConsoleBrowser } from '../support/console.js';

/*
 * Issue 22 item 5: a title's actors and directors, and an episode's season and number (the
 * site's next/previous episode follows them), changed in the console on the version seen.
 */

const ctx = useTestApp();

let editor: ConsoleBrowser;
let reader: ConsoleBrowser;

beforeAll(async () => {
  const db = ctx.database.db;
  await newTitle(db, { content_id: 'CP-M1', name: '人物測試電影' });
  await newTitle(db, { content_id: 'CP-M2', name: '人物測試電影二' });
  await newTitle(db, { content_id: 'CP-S', kind: 'series', name: '次序測試影集', clip_id: '' });
  for (const n of [1, 2, 3]) {
    await newTitle(db, {
      content_id: `CP-E${n}`,
      kind: 'episode',
      series_id: 'CP-S',
      season_no: 1,
      episode_no: n,
      name: `次序測試第${n}集`,
    });
  }
  editor = (await signedInStaff(ctx, ['content_editor'])).browser;
  reader = (await signedInStaff(ctx, ['customer_care'])).browser;
});

async function title(id: string) {
  const res = await editor.get(`/console/api/titles/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return consoleTitleSchema.parse(res.json().data.title);
}

const peopleOf = async (browser: ConsoleBrowser, id: string) => {
  const res = await browser.get(`/console/api/titles/${id}/people`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    version: number;
    people: { personId: string; name: string; role: string }[];
  };
};

describe('console title people (issue 22)', () => {
  it('replaces the people in the order given, finds people by name, bumps the version, audits and re-indexes', async () => {
    const seen = await peopleOf(reader, 'CP-M1');
    expect(seen.people).toEqual([]);
    const list = [
      { name: '林導演', role: 'director' },
      { name: '王小明', role: 'actor' },
      { name: '陳大華', role: 'actor' },
    ];
    const res = await editor.call('PUT', '/console/api/titles/CP-M1/people', {
      version: seen.version,
      people: list,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as Awaited<ReturnType<typeof peopleOf>>;
    expect(saved.version).toBe(seen.version + 1);
    expect(saved.people.map(({ name, role }) => ({ name, role }))).toEqual(list);
    expect((await title('CP-M1')).version).toBe(seen.version + 1);

    // Reordered: the same people (no new person rows), in the new order.
    const reordered = [list[2]!, list[0]!, list[1]!];
    const again = await editor.call('PUT', '/console/api/titles/CP-M1/people', {
      version: saved.version,
      people: reordered,
    });
    expect(again.statusCode, again.body).toBe(200);
    const now = await peopleOf(reader, 'CP-M1');
    expect(now.people.map(({ name, role }) => ({ name, role }))).toEqual(reordered);
    expect(new Set(now.people.map((p) => p.personId))).toEqual(
      new Set(saved.people.map((p) => p.personId)),
    );
    // Another title naming the same person shares its row.
    const other = await peopleOf(editor, 'CP-M2');
    await editor.call('PUT', '/console/api/titles/CP-M2/people', {
      version: other.version,
      people: [{ name: '王小明', role: 'actor' }],
    });
    const shared = await peopleOf(editor, 'CP-M2');
    expect(shared.people[0]!.personId).toBe(now.people.find((p) => p.name === '王小明')!.personId);

    const audit = await ctx.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'title')
      .where('entity_id', '=', 'CP-M1')
      .orderBy('audit_id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.call).toBe('PUT /console/api/titles/:contentId/people');
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ people: [] });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ people: list });
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ people: list });
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ people: reordered });

    // The title's search rows carry its cast; a new name has its own person rows.
    const terms = await ctx.database.db
      .selectFrom('search_term')
      .select(['kind', 'owner_id'])
      .where('name', '=', '陳大華')
      .execute();
    expect(terms.some((t) => t.kind === 'person')).toBe(true);
    const cast = await ctx.database.db
      .selectFrom('search_term')
      .select('owner_id')
      .where('kind', '=', 'cast')
      .where('owner_id', '=', 'CP-M1')
      .execute();
    expect(cast.length).toBeGreaterThan(0);
  });

  it('saves the same list again without a new version or an audit entry', async () => {
    const seen = await peopleOf(editor, 'CP-M2');
    const entries = async () =>
      (
        await ctx.database.db
          .selectFrom('audit_entry')
          .select('audit_id')
          .where('entity_id', '=', 'CP-M2')
          .execute()
      ).length;
    const before = await entries();
    const again = await editor.call('PUT', '/console/api/titles/CP-M2/people', {
      version: seen.version,
      people: seen.people.map(({ name, role }: { name: string; role: string }) => ({ name, role })),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.version).toBe(seen.version);
    expect(await entries()).toBe(before);
  });

  it('refuses a stale version, changing nothing', async () => {
    const seen = await peopleOf(editor, 'CP-M2');
    const stale = await editor.call('PUT', '/console/api/titles/CP-M2/people', {
      version: seen.version - 1,
      people: [{ name: '不該存在', role: 'actor' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    expect((await peopleOf(editor, 'CP-M2')).people).toEqual(seen.people);
    const ghost = await ctx.database.db
      .selectFrom('person')
      .select('person_id')
      .where('name', '=', '不該存在')
      .execute();
    expect(ghost).toEqual([]);
  });

  it('refuses bad input and a reader', async () => {
    const seen = await peopleOf(editor, 'CP-M2');
    const long = await editor.call('PUT', '/console/api/titles/CP-M2/people', {
      version: seen.version,
      people: [{ name: '長'.repeat(41), role: 'actor' }],
    });
    expect(long.statusCode).toBe(400);
    const role = await editor.call('PUT', '/console/api/titles/CP-M2/people', {
      version: seen.version,
      people: [{ name: '某人', role: 'writer' }],
    });
    expect(role.statusCode).toBe(400);
    const many = await editor.call('PUT', '/console/api/titles/CP-M2/people', {
      version: seen.version,
      people: Array.from({ length: 51 }, (_, i) => ({ name: `人${i}`, role: 'actor' })),
    });
    expect(many.statusCode).toBe(400);
    const refused = await reader.call('PUT', '/console/api/titles/CP-M2/people', {
      version: seen.version,
      people: [],
    });
    expect(refused.statusCode).toBe(403);
    expect((await peopleOf(editor, 'CP-M2')).version).toBe(seen.version);
  });
});

describe('console episode order (issue 22)', () => {
  const nextOf = async (id: string) =>
    nextOrPrevReplySchema.parse(
      (await ctx.app.inject(`/ajax/ajaxFindNextOrPrevVideo.do?contentID=${id}`)).json(),
    ).data;

  it('moves an episode, and the next episode on the site follows', async () => {
    expect((await nextOf('CP-E1')).next?.contentId).toBe('CP-E2');
    const e3 = await title('CP-E3');
    expect(e3).toMatchObject({ seasonNo: 1, episodeNo: 3 });
    const dup = await editor.call('PATCH', '/console/api/titles/CP-E3', {
      version: e3.version,
      episodeNo: 2,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().data.fields[0]).toMatchObject({ name: 'episodeNo' });
    expect(dup.json().data.fields[0].problem).toContain('第 1 季第 2 集已經是');
    // Episode 1 moved after episode 3: the site's order follows.
    const e1 = await title('CP-E1');
    const moved = await editor.call('PATCH', '/console/api/titles/CP-E1', {
      version: e1.version,
      episodeNo: 4,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(consoleTitleSchema.parse(moved.json().data.title).episodeNo).toBe(4);
    expect((await nextOf('CP-E2')).prev).toBeNull();
    expect((await nextOf('CP-E3')).next?.contentId).toBe('CP-E1');
    expect((await nextOf('CP-E1')).prev?.contentId).toBe('CP-E3');
    const season = await editor.call('PATCH', '/console/api/titles/CP-E2', {
      version: (await title('CP-E2')).version,
      seasonNo: 2,
    });
    expect(season.statusCode, season.body).toBe(200);
    expect((await nextOf('CP-E1')).next?.contentId).toBe('CP-E2');
  });

  it('refuses season and episode numbers on other kinds', async () => {
    const movie = await title('CP-M1');
    const res = await editor.call('PATCH', '/console/api/titles/CP-M1', {
      version: movie.version,
      seasonNo: 2,
      episodeNo: 3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { name: string }) => f.name)).toEqual([
      'seasonNo',
      'episodeNo',
    ]);
  });
});
