import {
  autoCompleteKeywordReplySchema,
  contentBriefReplySchema,
  findUxCharacterReplySchema,
  findVideoListReplySchema,
  listDataReplySchema,
  newIconHintReplySchema,
  nextOrPrevReplySchema,
  rentalListReplySchema,
  searchPageReplySchema,
  videoDetailReplySchema,
  videoListReplySchema,
} from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { audienceOf } from '../../src/modules/catalogue/audience.js';
import { reindexPeople, reindexTitles } from '../../src/modules/search/reindex.js';
import {
  TEST_NOW,
  TestBrowser,
  gatewayUrl,
  newEntitlement,
  newMember,
  newTitle,
  useTestApp,
} from '../support/index.js';

/**
 * One visibility rule (ADR 0016): every face answers the same for the same viewer. A title is
 * seen when it is on the shelf and its audience reaches the viewer (kid: kid-safe and neither
 * restricted nor sexual; the restricted-content filter, on for anonymous viewers and by default
 * for members: neither restricted nor sexual). A hidden title is answered as a missing one: 404,
 * the same text, the generic page head.
 */

const DAY = 86_400;
/**
 * The titles, all in the kid category (so a kid's browse would list them but for the rule) and
 * free. Shelf dates lie well inside or outside the window both by the test clock and by the
 * real one, which the page head may read.
 */
const TITLES = {
  ok: { content_id: 'VIS-OK', name: '鱻鱻兒童', kid_safe: 1 },
  general: { content_id: 'VIS-GEN', name: '鱻鱻一般', kid_safe: 0 },
  restricted: { content_id: 'VIS-R18', name: '鱻鱻限制', kid_safe: 0, is_restricted: 1 },
  // Sexual but not flagged restricted: the filter must hide it all the same.
  sexual: { content_id: 'VIS-SEX', name: '鱻鱻成人', kid_safe: 0, is_sexual: 1 },
  offShelf: {
    content_id: 'VIS-OFF',
    name: '鱻鱻下架',
    kid_safe: 1,
    on_shelf_at: TEST_NOW - 2 * 3600,
    off_shelf_at: TEST_NOW - 3600,
  },
  notYet: {
    content_id: 'VIS-NEW',
    name: '鱻鱻未上架',
    kid_safe: 1,
    on_shelf_at: TEST_NOW + 3650 * DAY,
  },
} as const;
type Key = keyof typeof TITLES;
const KEYS = Object.keys(TITLES) as Key[];
const HIDDEN_PERSON = { person_id: 'VIS-P-HIDDEN', name: '鱻鱻隱者' };
const EVERY_PERSON = { person_id: 'VIS-P-ALL', name: '鱻鱻眾星' };

type Viewer = 'kid' | 'adult' | 'anonymous';
const VIEWERS: Viewer[] = ['kid', 'adult', 'anonymous'];
/**
 * What each viewer may see. The restricted-content filter is on for a new member (ADR 0007) and
 * for an anonymous viewer (ADR 0016): signed out, nobody sees more than a member by default.
 */
const SEES: Record<Viewer, Key[]> = {
  kid: ['ok'],
  adult: ['ok', 'general'],
  anonymous: ['ok', 'general'],
};
const idsOf = (keys: Key[]) => keys.map((k) => TITLES[k].content_id).sort();
const seen = (viewer: Viewer) => idsOf(SEES[viewer]);
const hidden = (viewer: Viewer) => KEYS.filter((k) => !SEES[viewer].includes(k));

describe('one visibility rule on every face', () => {
  const ctx = useTestApp();
  const browsers = {} as Record<Viewer, TestBrowser>;
  const sso = {} as Record<Viewer, string | undefined>;
  const uids = {} as Record<'kid' | 'adult', string>;
  const accounts = {} as Record<'kid' | 'adult', string>;

  const appLogin = async (loginId: string, password: string): Promise<string> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
      payload: { loginId, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.ssoSession as string;
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    for (const title of Object.values(TITLES)) {
      await newTitle(db, {
        on_shelf_at: TEST_NOW - 3600,
        ...title,
        main_category_id: 'kids',
        subcategory_id: 'kids-vis',
      });
    }
    // A series on the shelf with one episode on it and one taken off.
    await newTitle(db, {
      content_id: 'VIS-SER',
      kind: 'series',
      kid_safe: 1,
      main_category_id: 'kids',
      subcategory_id: 'kids-vis',
    });
    for (const [episode, off] of [
      [1, null],
      [2, TEST_NOW - 3600],
    ] as const) {
      await newTitle(db, {
        content_id: `VIS-SER-E${episode}`,
        kind: 'episode',
        series_id: 'VIS-SER',
        season_no: 1,
        episode_no: episode,
        kid_safe: 1,
        off_shelf_at: off,
        main_category_id: 'kids',
        subcategory_id: 'kids-vis',
      });
    }
    await db.insertInto('person').values([HIDDEN_PERSON, EVERY_PERSON]).execute();
    await db
      .insertInto('title_person')
      .values([
        ...KEYS.map((k, i) => ({
          content_id: TITLES[k].content_id,
          person_id: EVERY_PERSON.person_id,
          role: 'actor',
          sort_order: i,
        })),
        ...(['restricted', 'sexual', 'offShelf', 'notYet'] as const).map((k, i) => ({
          content_id: TITLES[k].content_id,
          person_id: HIDDEN_PERSON.person_id,
          role: 'actor',
          sort_order: i,
        })),
      ])
      .execute();
    await reindexTitles(db, idsOf(KEYS));
    await reindexPeople(db, [HIDDEN_PERSON.person_id, EVERY_PERSON.person_id]);

    const adult = await newMember(ctx.app);
    browsers.adult = adult.browser;
    uids.adult = adult.uid;
    accounts.adult = adult.accountId;
    sso.adult = await appLogin(adult.loginId, adult.password);

    const parent = await newMember(ctx.app);
    const kid = await parent.browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小孩',
      kidmode: '1',
    });
    uids.kid = kid.json().data.subAccount.subAccountUid as string;
    accounts.kid = parent.accountId;
    await parent.browser.post('/ajax/ajaxChangeSubAccount.do', { newSubaccountID: uids.kid });
    browsers.kid = parent.browser;
    // The app session switched to the kid the way the site switches, in the database.
    sso.kid = await appLogin(parent.loginId, parent.password);
    await db
      .updateTable('session')
      .set({ sub_account_uid: uids.kid })
      .where('kind', '=', 'sso')
      .where('account_id', '=', parent.accountId)
      .execute();

    browsers.anonymous = new TestBrowser(ctx.app);
    sso.anonymous = undefined;

    // Every title in every list of both members, as if added before it was hidden.
    for (const who of ['kid', 'adult'] as const) {
      for (const [i, key] of KEYS.entries()) {
        const title = TITLES[key];
        const row = { sub_account_uid: uids[who], content_id: title.content_id, added_at: i + 1 };
        await db.insertInto('to_view_item').values(row).execute();
        await db.insertInto('favorite_item').values(row).execute();
        await db
          .insertInto('view_record')
          .values({
            sub_account_uid: uids[who],
            title_id: title.content_id,
            last_content_id: title.content_id,
            last_viewed_at: TEST_NOW - 100 + i,
            audience: audienceOf({ is_restricted: 0, is_sexual: 0, ...title }),
            // Its position below is neither finished nor hidden (migration 0023).
            continue_watching: 1,
          })
          .execute();
        await db
          .insertInto('watch_position')
          .values({
            sub_account_uid: uids[who],
            content_id: title.content_id,
            title_id: title.content_id,
            position_seconds: 10,
            duration_seconds: 1000,
            client_seq: 1,
            finished: 0,
            hidden: 0,
            updated_at: TEST_NOW - 100 + i,
          })
          .execute();
      }
    }
    for (const key of KEYS) {
      await newEntitlement(db, {
        accountId: accounts.adult,
        contentId: TITLES[key].content_id,
        kind: 'buy',
        grantedAt: TEST_NOW - DAY,
      });
      await newEntitlement(db, {
        accountId: accounts.kid,
        contentId: TITLES[key].content_id,
        kind: 'buy',
        grantedAt: TEST_NOW - DAY,
      });
    }
  });

  const get = (viewer: Viewer, url: string) => browsers[viewer].get(url);
  const gw = (viewer: Viewer, path: string, query: Record<string, string> = {}) =>
    ctx.app.inject(
      gatewayUrl(ctx, 'GET', path, {
        ...query,
        ...(sso[viewer] ? { ssoSession: sso[viewer] } : {}),
      }),
    );
  const ours = (ids: string[]) => ids.filter((id) => id.startsWith('VIS-') && id !== 'VIS-SER');

  describe.each(VIEWERS)('viewer: %s', (viewer) => {
    it('the page head names only titles the viewer may see; a hidden one gets the not-found head', async () => {
      const missing = await get(viewer, '/details/VIS-NONE/VIS-NONE');
      expect(missing.statusCode).toBe(404);
      const generic = missing.body.replaceAll('/details/VIS-NONE/VIS-NONE', '/PATH');
      for (const key of KEYS) {
        const { content_id: id, name } = TITLES[key];
        const res = await get(viewer, `/details/${id}/${id}`);
        if (SEES[viewer].includes(key)) {
          expect(res.statusCode, key).toBe(200);
          expect(res.body, key).toContain(`<meta property="og:title" content="${name}｜`);
          expect(res.body, key).toContain('application/ld+json');
        } else {
          expect(res.statusCode, key).toBe(404);
          expect(res.body, key).not.toContain(name);
          expect(res.body, key).not.toContain('application/ld+json');
          expect(res.body.replaceAll(`/details/${id}/${id}`, '/PATH'), key).toBe(generic);
        }
      }
    });

    it('the detail call answers a hidden title as a missing one (404)', async () => {
      const missing = await get(
        viewer,
        '/ajax/ajaxFindVideoDetail.do?contentId=VIS-NONE&otherId=VIS-NONE',
      );
      expect(missing.statusCode).toBe(404);
      for (const key of KEYS) {
        const id = TITLES[key].content_id;
        const res = await get(viewer, `/ajax/ajaxFindVideoDetail.do?contentId=${id}&otherId=${id}`);
        if (SEES[viewer].includes(key)) {
          expect(res.statusCode, key).toBe(200);
          expect(videoDetailReplySchema.parse(res.json()).data.contentId).toBe(id);
        } else {
          expect(res.statusCode, key).toBe(404);
          expect(res.json(), key).toEqual(missing.json());
        }
      }
      // An episode off the shelf is neither in its series' seasons nor a page of its own.
      const series = videoDetailReplySchema.parse(
        (
          await get(viewer, '/ajax/ajaxFindVideoDetail.do?contentId=VIS-SER&otherId=VIS-SER')
        ).json(),
      ).data;
      expect(series.seasons.flatMap((s) => s.episodes.map((e) => e.contentId))).toEqual([
        'VIS-SER-E1',
      ]);
      expect(
        (await get(viewer, '/ajax/ajaxFindVideoDetail.do?contentId=VIS-SER-E2&otherId=VIS-SER'))
          .statusCode,
      ).toBe(404);
      const around = nextOrPrevReplySchema.parse(
        (await get(viewer, '/ajax/ajaxFindNextOrPrevVideo.do?contentID=VIS-SER-E1')).json(),
      ).data;
      expect(around).toEqual({ prev: null, next: null });
    });

    it('browse lists exactly what the viewer may see', async () => {
      const res = await get(
        viewer,
        '/ajax/ajaxFilterCategoryVideoListData.do?mainCategoryId=kids&maxRecord=100',
      );
      const listed = videoListReplySchema.parse(res.json()).data.videoList.video;
      expect(ours(listed.map((v) => v.contentId)).sort()).toEqual(seen(viewer));
    });

    it('search and autocomplete find exactly what the viewer may see', async () => {
      const page = searchPageReplySchema.parse(
        (
          await get(
            viewer,
            `/ajax/ajaxBuildSearchPage.do?inputKeyword=${encodeURIComponent('鱻鱻')}&maxRecord=100`,
          )
        ).json(),
      ).data;
      expect(page.videoList.video.map((v) => v.contentId).sort()).toEqual(seen(viewer));
      expect(page.totalCount).toBe(seen(viewer).length);
      const suggestions = autoCompleteKeywordReplySchema.parse(
        (
          await get(viewer, `/ajax/ajaxAutoCompleteKeyword.do?prefix=${encodeURIComponent('鱻鱻')}`)
        ).json(),
      ).data.keywordList.keyword;
      expect(
        suggestions
          .filter((s) => s.type === 'title')
          .map((s) => s.contentId!)
          .sort(),
      ).toEqual(seen(viewer));
      // A person is suggested only for a title the viewer may see.
      const people = suggestions.filter((s) => s.type === 'person').map((s) => s.keyword);
      expect(people).not.toContain(HIDDEN_PERSON.name);
      expect(people).toContain(EVERY_PERSON.name);
    });

    it('the lists hold only titles the viewer may see (anonymous: none)', async () => {
      const expected = viewer === 'anonymous' ? [] : seen(viewer);
      for (const menuType of ['ToViewList', 'MyFavorite', 'ViewRecord', 'KeepWatch']) {
        const data = listDataReplySchema.parse(
          (
            await get(
              viewer,
              `/ajax/ajaxFindVideoListData.do?menuType=${menuType}&maxRecord=100&filterRestrict=N`,
            )
          ).json(),
        ).data;
        expect(data.videoList.video.map((v) => v.contentId).sort(), menuType).toEqual(expected);
      }
      const history = listDataReplySchema.parse(
        (await get(viewer, '/ajax/ajaxFindViewRecord.do?maxRecord=100')).json(),
      ).data;
      expect(history.videoList.video.map((v) => v.contentId).sort()).toEqual(expected);
      if (viewer === 'anonymous') return;
      const counts = (await get(viewer, '/ajax/ajaxFindVideoListCount.do')).json().data;
      expect(counts).toMatchObject({
        toViewListCount: expected.length,
        myFavoriteCount: expected.length,
      });
      // The rental list is the account's record: the shelf and kid mode apply, not an adult's
      // restricted filter (ADR 0016).
      const rentals = rentalListReplySchema.parse(
        (await get(viewer, '/ajax/ajaxFindRentalVideoList2.do')).json(),
      ).data.videoList.video;
      expect(rentals.map((r) => r.contentId).sort()).toEqual(
        viewer === 'kid' ? seen('kid') : idsOf(['ok', 'general', 'restricted', 'sexual']),
      );
      // A hidden title cannot be added or resumed either: 404 as for an unknown id.
      for (const key of hidden(viewer)) {
        const id = TITLES[key].content_id;
        const toggle = await browsers[viewer].post('/ajax/ajaxUpdateToViewList.do', {
          contentId: id,
          actionType: '1',
          isSeries: 'N',
        });
        expect(toggle.statusCode, key).toBe(404);
        expect(
          (await get(viewer, `/ajax/ajaxGetWatchPosition.do?contentId=${id}`)).statusCode,
        ).toBe(404);
      }
    });

    it('the gateway lists, briefs and counts exactly what the viewer may see', async () => {
      const list = await gw(viewer, '/gw/FindVideoList.json', {
        categoryId: 'kids',
        maxRecord: '100',
      });
      expect(list.statusCode, list.body).toBe(200);
      const video = findVideoListReplySchema.parse(list.json()).data.videoList.video;
      expect(ours(video.map((v) => v.contentId)).sort()).toEqual(seen(viewer));
      for (const key of KEYS) {
        const brief = await gw(viewer, '/gw/FindVideoContentBrief.json', {
          contentId: TITLES[key].content_id,
        });
        if (SEES[viewer].includes(key)) {
          expect(brief.statusCode, key).toBe(200);
          contentBriefReplySchema.parse(brief.json());
        } else {
          expect(brief.statusCode, key).toBe(404);
        }
      }
      const characters = findUxCharacterReplySchema.parse(
        (await gw(viewer, '/gw/FindUxCharacter.json')).json(),
      ).data.characterList.character;
      const every = characters.find((c) => c.characterId === EVERY_PERSON.person_id);
      expect(every?.titleCount).toBe(seen(viewer).length);
      const hiddenOnly = characters.find((c) => c.characterId === HIDDEN_PERSON.person_id);
      expect(hiddenOnly?.titleCount ?? 0).toBe(0);
    });

    it('the new-title badge counts only new titles the viewer may see', async () => {
      const hint = newIconHintReplySchema.parse(
        (await get(viewer, '/ajax/ajaxCheckNewIconHint.do')).json(),
      ).data.hintList.hint[0]!;
      // Anonymous viewers get no badge at all.
      expect(hint.count).toBe(viewer === 'anonymous' ? 0 : seen(viewer).length);
    });

    it('nothing hidden plays: 404, as for an unknown id', async () => {
      for (const key of hidden(viewer)) {
        const res = await get(
          viewer,
          `/ajax/ajaxFindVideoPlayRight.do?contentId=${TITLES[key].content_id}`,
        );
        expect(res.statusCode, key).toBe(404);
      }
      expect(
        (await get(viewer, '/ajax/ajaxFindVideoPlayRight.do?contentId=VIS-OK')).statusCode,
      ).toBe(200);
      // The series plays the first episode on the shelf.
      expect(
        (await get(viewer, '/ajax/ajaxFindVideoPlayRight.do?contentId=VIS-SER&isSeries=Y')).json()
          .data?.contentId,
      ).toBe('VIS-SER-E1');
    });
  });

  it('an anonymous viewer sees exactly what a new member sees: the filter is on (ADR 0016)', async () => {
    const face = async (viewer: Viewer) => {
      const browse = videoListReplySchema
        .parse(
          (
            await get(
              viewer,
              '/ajax/ajaxFilterCategoryVideoListData.do?mainCategoryId=kids&maxRecord=100',
            )
          ).json(),
        )
        .data.videoList.video.map((v) => v.contentId);
      const search = searchPageReplySchema
        .parse(
          (
            await get(
              viewer,
              `/ajax/ajaxBuildSearchPage.do?inputKeyword=${encodeURIComponent('鱻鱻')}&maxRecord=100`,
            )
          ).json(),
        )
        .data.videoList.video.map((v) => v.contentId);
      const gateway = findVideoListReplySchema
        .parse(
          (
            await gw(viewer, '/gw/FindVideoList.json', { categoryId: 'kids', maxRecord: '100' })
          ).json(),
        )
        .data.videoList.video.map((v) => v.contentId);
      return { browse: ours(browse).sort(), search: search.sort(), gateway: ours(gateway).sort() };
    };
    const anonymous = await face('anonymous');
    expect(anonymous).toEqual(await face('adult'));
    expect(anonymous.browse).toEqual(idsOf(['ok', 'general']));
    // Restricted and sexual titles are not listed and answer 404, as a missing one: there is
    // nothing to refuse (ADR 0007's 403 for playing them no longer arises).
    for (const key of ['restricted', 'sexual'] as const) {
      const id = TITLES[key].content_id;
      for (const url of [
        `/details/${id}/${id}`,
        `/ajax/ajaxFindVideoDetail.do?contentId=${id}&otherId=${id}`,
        `/ajax/ajaxFindVideoPlayRight.do?contentId=${id}`,
      ]) {
        expect((await get('anonymous', url)).statusCode, url).toBe(404);
      }
      // Asking for no filter does not lift it.
      const asked = await gw('anonymous', '/gw/FindVideoList.json', {
        categoryId: 'kids',
        maxRecord: '100',
        filterRestrict: 'N',
        filterSexual: 'N',
      });
      expect(
        findVideoListReplySchema.parse(asked.json()).data.videoList.video.map((v) => v.contentId),
      ).not.toContain(id);
    }
  });
});
