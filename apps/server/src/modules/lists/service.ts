import type { Kysely } from 'kysely';
import type { ListItem } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import { audienceOf } from '../catalogue/audience.js';
import { toVideoListItem, type TitleRow } from '../catalogue/present.js';
import { requireVisible, viewerScope } from '../catalogue/visibility.js';
import { HeartbeatWriter } from './heartbeat-writer.js';
import { ListTitles } from './list-page.js';
import { toggleMembership, type MembershipTable } from './memberships.js';
import { deleteViewRecord, hideFromContinueWatching, resumePoint } from './positions.js';
import {
  continueWatching,
  favoriteRecommend,
  listCounts,
  membershipList,
  viewHistory,
  type ListFilter,
  type Page,
} from './queries.js';
import { rentalList } from './rentals.js';
import { durationText } from './texts.js';

export type ListMenu =
  'ToViewList' | 'MyFavorite' | 'KeepWatch' | 'ViewRecord' | 'FavoriteRecommend';
/** What a list call may ask besides the page: the restricted filter, and history's months. */
interface Asked {
  filterRestrict?: 'Y' | 'N' | undefined;
  periodStartMonth?: string | undefined;
  periodEndMonth?: string | undefined;
}

/**
 * SPEC §6 on lists: every list shows only what the session may see (catalogue/visibility.ts: on
 * the shelf, kid mode, the restricted-content filter, which filterRestrict=Y turns on); on top of
 * that recommended favorites always filter restricted titles, and sexual titles never appear in
 * ajaxFind{product}ListData. The rental list is the account's record of what it paid for: kid
 * mode and the shelf apply, an adult's filter does not (ADR 0011, ADR 0016).
 */
export function listFilter(
  viewer: Viewer,
  list: ListMenu | 'Rental',
  filterRestrict?: 'Y' | 'N',
): ListFilter {
  const scope = viewerScope(viewer, filterRestrict ? { filterRestrict } : {});
  if (list === 'Rental') return { kidsOnly: scope.kidsOnly, hideRestricted: scope.kidsOnly };
  return {
    kidsOnly: scope.kidsOnly,
    hideRestricted: scope.hideRestricted || list === 'FavoriteRecommend',
    hideSexual: true,
  };
}

const memberships = { ToViewList: 'to_view_item', MyFavorite: 'favorite_item' } as const;

/**
 * The personal lists of a sub-account (to view, favorites, continue watching, history, the
 * account's rentals) and the resume heartbeats: the rules the list calls follow, over the title
 * cache the lists share and the batched heartbeat writer.
 */
export class PersonalLists {
  readonly #titles: ListTitles;
  readonly #heartbeats: HeartbeatWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    cacheSeconds: number,
  ) {
    this.#titles = new ListTitles(db, cacheSeconds, clock);
    this.#heartbeats = new HeartbeatWriter(db);
  }

  /** The catalogue changed: titles are read again. */
  forgetTitles(): void {
    this.#titles.forget();
  }

  /** A title the viewer may see, or 404 (a foreign or hidden id looks like an unknown one). */
  async visibleTitle(viewer: Viewer, contentId: string): Promise<TitleRow> {
    return requireVisible(await this.#titles.title(contentId), viewerScope(viewer), this.clock());
  }

  /** Adds (actionType 1) or removes a title; whether it is in the list afterwards. */
  async toggle(
    viewer: Viewer,
    table: MembershipTable,
    body: { contentId: string; actionType: string; isSeries: 'Y' | 'N' },
  ): Promise<boolean> {
    const title = await this.visibleTitle(viewer, body.contentId);
    if ((title.kind === 'series') !== (body.isSeries === 'Y') || title.kind === 'episode') {
      throw new AppError('BAD_INPUT', [{ name: 'isSeries', problem: 'mismatch' }]);
    }
    const uid = viewer.subAccount.sub_account_uid;
    return toggleMembership(this.db, table, uid, title.content_id, body.actionType, this.clock());
  }

  /** A page of one list, as the envelope's JSON (list-page.ts) or, for recommendations, data. */
  async page(viewer: Viewer, menu: ListMenu, page: Page, asked: Asked = {}) {
    const { db, clock } = this;
    const { filterRestrict } = asked;
    const uid = viewer.subAccount.sub_account_uid;
    const filter = listFilter(viewer, menu, filterRestrict);
    switch (menu) {
      case 'ToViewList':
      case 'MyFavorite':
        return this.#titles.pageJson(
          await membershipList(db, memberships[menu], uid, filter, page, clock()),
          filter,
          clock(),
          (r) => ({ addedAt: r.added_at }),
        );
      case 'KeepWatch':
        return this.#titles.pageJson(
          await continueWatching(db, uid, filter, page, clock()),
          filter,
          clock(),
          (r) => ({ resumeContentId: r.resume_content_id, positionSeconds: r.position_seconds }),
        );
      case 'ViewRecord':
        return this.history(viewer, page, asked);
      case 'FavoriteRecommend': {
        const listed = await favoriteRecommend(db, uid, filter, page, clock());
        return {
          isLogin: 'Y' as const,
          totalCount: listed.totalCount,
          recordCount: listed.rows.length,
          videoList: { video: listed.rows.map((row): ListItem => toVideoListItem(row)) },
        };
      }
    }
  }

  /** Play history, the same through ajaxFind{product}ListData and ajaxFindViewRecord. */
  async history(viewer: Viewer, page: Page, asked: Asked) {
    const filter = listFilter(viewer, 'ViewRecord', asked.filterRestrict);
    const uid = viewer.subAccount.sub_account_uid;
    const records = await viewHistory(this.db, uid, filter, page, asked, this.clock());
    return this.#titles.pageJson(records, filter, this.clock(), (r) => ({
      lastViewedAt: r.last_viewed_at,
      resumeContentId: r.last_content_id,
    }));
  }

  /** How many titles each list holds (continue watching, to view and favorites share a filter). */
  async counts(viewer: Viewer) {
    const now = this.clock();
    const [counts, rentals] = await Promise.all([
      listCounts(this.db, viewer.subAccount.sub_account_uid, listFilter(viewer, 'KeepWatch'), now),
      rentalList(this.db, viewer.accountId, listFilter(viewer, 'Rental'), now),
    ]);
    return {
      isLogin: 'Y' as const,
      keepWatchCount: counts.keepWatch,
      toViewListCount: counts.toView,
      rentalListCount: rentals.length,
      myFavoriteCount: counts.favorite,
    };
  }

  /** The account's rentals and purchases; apiVersion 1 clients get no still or brief. */
  async rentals(viewer: Viewer, apiVersion: '1' | '2') {
    const now = this.clock();
    const rows = await rentalList(this.db, viewer.accountId, listFilter(viewer, 'Rental'), now);
    const video = rows.map((r) => {
      const { stillUrl, brief, ...item } = toVideoListItem(r.title);
      return {
        ...item,
        ...(apiVersion === '2' ? { stillUrl, brief } : { stillUrl: '', brief: '' }),
        entitlementKind: r.kind,
        rentalState: r.state,
        expiresAt: r.expiresAt,
        expiryText: r.expiryText,
        durationText: durationText(r.title.duration_seconds),
      };
    });
    return { isLogin: 'Y' as const, totalCount: video.length, videoList: { video } };
  }

  /** One resume heartbeat, written in the next batch; history lists the movie or the series. */
  async saveHeartbeat(
    viewer: Viewer,
    beat: { contentId: string; positionSeconds: number; durationSeconds: number; seq: number },
  ): Promise<void> {
    const title = await this.visibleTitle(viewer, beat.contentId);
    if (title.kind === 'series')
      throw new AppError('BAD_INPUT', [{ name: 'contentId', problem: 'series' }]);
    // An episode keeps its series' audience in the history, which lists the series.
    const listed = title.series_id ? await this.#titles.title(title.series_id) : title;
    if (!listed) throw notFound();
    await this.#heartbeats.save({
      subAccountUid: viewer.subAccount.sub_account_uid,
      contentId: title.content_id,
      titleId: listed.content_id,
      audience: audienceOf(listed),
      positionSeconds: beat.positionSeconds,
      durationSeconds: beat.durationSeconds,
      seq: beat.seq,
      now: this.clock(),
    });
  }

  /** Where to resume a movie, an episode, or a series (its last watched episode). */
  async resumeAt(viewer: Viewer, contentId: string) {
    const title = await this.visibleTitle(viewer, contentId);
    const point = await resumePoint(this.db, viewer.subAccount.sub_account_uid, title.content_id);
    return {
      contentId: title.content_id,
      resumeContentId: point?.content_id ?? title.content_id,
      positionSeconds: point && !point.finished ? point.position_seconds : 0,
      finished: point?.finished ? ('Y' as const) : ('N' as const),
    };
  }

  async deleteHistoryRecord(viewer: Viewer, contentId: string): Promise<void> {
    await deleteViewRecord(this.db, viewer.subAccount.sub_account_uid, contentId);
  }

  async removeFromContinueWatching(viewer: Viewer, contentId: string): Promise<void> {
    await hideFromContinueWatching(this.db, viewer.subAccount.sub_account_uid, contentId);
  }
}
