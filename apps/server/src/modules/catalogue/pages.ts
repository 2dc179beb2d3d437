import type { Kysely } from 'kysely';
import { KID_CATEGORY_ID } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import { videoDetail } from './detail.js';
import {
  episodesOf,
  findCuratedGroup,
  findUxCategory,
  groupTitles,
  groupsOfUxCategory,
} from './groups.js';
import { uxMenuList } from './menus.js';
import { toLinkedVideo, toVideoListItem } from './present.js';
import { filterTitles, mainCategoryMenu } from './queries.js';
import { dismissHint, newTitleHint } from './new-titles.js';
import { requireVisibleTitle, viewerScope } from './visibility.js';

/**
 * The site face's catalogue pages (page-routes.ts registers their calls): home, header, groups,
 * UX categories, details, episodes and the "new" badge, each for the viewer (kid mode sees the
 * kid rows and kid-safe entries).
 */
export class CataloguePages {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly trailerUrl: (clipId: string) => string,
  ) {}

  private async groupWithVideos(viewer: Viewer | null, group: { group_id: string; name: string }) {
    const titles = await groupTitles(this.db, group.group_id, viewerScope(viewer), this.clock());
    return {
      groupId: group.group_id,
      groupName: group.name,
      videoList: { video: titles.map(toLinkedVideo) },
    };
  }

  /** The home page rows (the kid rows in kid mode), empty rows left out. */
  async home(viewer: Viewer | null) {
    const ux = viewerScope(viewer).kidsOnly ? 'ux-kids' : 'ux-home';
    const groups = await Promise.all(
      (await groupsOfUxCategory(this.db, ux)).map((g) => this.groupWithVideos(viewer, g)),
    );
    return { groupList: { group: groups.filter((g) => g.videoList.video.length > 0) } };
  }

  /** A curated group and its titles; 404 when it is not in the UX category named. */
  async group(viewer: Viewer | null, groupId: string, uxCategoryId: string | undefined) {
    const group = await findCuratedGroup(this.db, groupId);
    if (!group || (uxCategoryId && group.ux_category_id !== uxCategoryId)) throw notFound();
    return this.groupWithVideos(viewer, group);
  }

  /**
   * A UX category: a page of its groups and, asked, recommended titles. uId, when sent, must be
   * the sub-account in use; a kid sees kid-safe categories only.
   */
  async uxCategory(
    viewer: Viewer | null,
    q: {
      categoryId: string;
      startIndex: number;
      count: number;
      withRecommend: 'Y' | 'N';
      uId: string;
    },
  ) {
    if (q.uId && q.uId !== viewer?.subAccount.sub_account_uid) throw new AppError('FORBIDDEN');
    const scope = viewerScope(viewer);
    const category = await findUxCategory(this.db, q.categoryId);
    if (!category) throw notFound();
    if (scope.kidsOnly && !category.kid_safe) throw new AppError('FORBIDDEN');
    const groups = await groupsOfUxCategory(this.db, category.ux_category_id);
    const page = await Promise.all(
      groups
        .slice(q.startIndex, q.startIndex + q.count)
        .map((g) => this.groupWithVideos(viewer, g)),
    );
    const recommend =
      q.withRecommend === 'Y'
        ? (
            await filterTitles(
              this.db,
              {
                startIndex: 0,
                maxRecord: 10,
                orderBy: 'latest',
                ...(category.main_category_id ? { mainCategoryId: category.main_category_id } : {}),
              },
              scope,
              this.clock(),
            )
          ).rows.map(toVideoListItem)
        : undefined;
    return {
      uxCategoryId: category.ux_category_id,
      uxCategoryName: category.name,
      totalGroups: groups.length,
      groupList: { group: page },
      ...(recommend ? { recommendList: { video: recommend } } : {}),
    };
  }

  /** Header menus (kid-safe entries in kid mode). */
  async header(viewer: Viewer | null) {
    const kids = viewerScope(viewer).kidsOnly;
    const uxMenu = await uxMenuList(this.db, kids);
    const mainCategory = (await mainCategoryMenu(this.db)).filter(
      (m) => !kids || m.mainCategoryId === KID_CATEGORY_ID,
    );
    return { uxMenuList: { uxMenu }, mainCategoryList: { mainCategory } };
  }

  /** Featured titles for the header banner. */
  async headerVideo(viewer: Viewer | null) {
    const scope = viewerScope(viewer);
    const group = scope.kidsOnly ? 'kids-favourites' : 'editors-picks';
    return {
      videoList: {
        video: (await groupTitles(this.db, group, scope, this.clock(), 5)).map(toLinkedVideo),
      },
    };
  }

  /** Everything the detail page shows. */
  async detail(viewer: Viewer | null, contentId: string, otherId: string) {
    return videoDetail(
      this.db,
      contentId,
      otherId,
      viewerScope(viewer),
      this.clock(),
      this.trailerUrl,
    );
  }

  /** The episodes before and after an episode. */
  async nextOrPrev(viewer: Viewer | null, contentId: string) {
    const scope = viewerScope(viewer);
    const title = await requireVisibleTitle(this.db, scope, contentId, this.clock());
    if (!title.series_id) return { prev: null, next: null };
    const episodes = await episodesOf(this.db, title.series_id, scope, this.clock());
    const at = episodes.findIndex((e) => e.content_id === title.content_id);
    const prev = episodes[at - 1];
    const next = episodes[at + 1];
    return {
      prev: prev ? toVideoListItem(prev) : null,
      next: next ? toVideoListItem(next) : null,
    };
  }

  /** What plays after a title: the next episode, a series' first episode, nothing after a movie. */
  async nextPlay(viewer: Viewer | null, contentId: string) {
    const scope = viewerScope(viewer);
    const title = await requireVisibleTitle(this.db, scope, contentId, this.clock());
    const seriesId = title.kind === 'series' ? title.content_id : title.series_id;
    if (!seriesId) return { nextPlay: null };
    const episodes = await episodesOf(this.db, seriesId, scope, this.clock());
    const next =
      title.kind === 'series'
        ? episodes[0]
        : episodes[episodes.findIndex((e) => e.content_id === title.content_id) + 1];
    return { nextPlay: next ? toVideoListItem(next) : null };
  }

  /** The "new" badge: titles come on the shelf since the sub-account last dismissed it. */
  async newIconHint(viewer: Viewer) {
    const uid = viewer.subAccount.sub_account_uid;
    const count = await newTitleHint(this.db, uid, viewerScope(viewer), this.clock());
    const show = count > 0 ? ('Y' as const) : ('N' as const);
    return { hintList: { hint: [{ hintId: 'newTitles', show, count }] } };
  }

  /** The sub-account dismissed a hint. */
  async dismissHint(viewer: Viewer, hintId: string): Promise<void> {
    await dismissHint(this.db, viewer.subAccount.sub_account_uid, hintId, this.clock());
  }
}
