import type { Selectable } from 'kysely';
import {
  detailLinkString,
  type Grade,
  type LinkedVideo,
  type SellType,
  type VideoListItem,
} from '@site/contract';
import type { TitleTable } from '../../db/schema.js';
import { mediaUrl } from '../media/urls.js';

export type TitleRow = Selectable<TitleTable>;

const BRIEF_LENGTH = 60;

/** A title as an entry of videoList.video. */
export function toVideoListItem(row: TitleRow): VideoListItem {
  return {
    contentId: row.content_id,
    otherId: row.series_id ?? row.content_id,
    contentName: row.name,
    isSeries: row.kind === 'series' ? 'Y' : 'N',
    posterUrl: mediaUrl(row.poster_path),
    stillUrl: mediaUrl(row.still_path),
    year: row.year,
    country: row.country as VideoListItem['country'],
    mainCategoryId: row.main_category_id,
    subcategoryId: row.subcategory_id,
    sellType: row.sell_type as SellType,
    dtrPrice: row.dtr_price,
    grade: row.grade as Grade,
    durationSeconds: row.duration_seconds,
    brief:
      row.synopsis.length > BRIEF_LENGTH ? `${row.synopsis.slice(0, BRIEF_LENGTH)}…` : row.synopsis,
  };
}

/** A title of a banner or a curated group: the list entry and its SPEC §2 link string. */
export function toLinkedVideo(row: TitleRow): LinkedVideo {
  const item = toVideoListItem(row);
  return { ...item, linkString: detailLinkString(item.contentId, item.otherId) };
}
