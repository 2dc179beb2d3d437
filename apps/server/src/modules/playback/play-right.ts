import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { TitleRow } from '../catalogue/present.js';
import { findTitle, firstEpisode, isOnShelf } from '../catalogue/queries.js';

export interface PlayRightRequest {
  contentId: string;
  isSeries: 'Y' | 'N';
  now: number;
}

/**
 * The one place that decides whether a title may be played (DESIGN §1). Today it knows free
 * titles for everyone; rentals, purchases, the monthly service, ads, kid mode and restricted
 * titles for members join here as their issues land. A series plays its first episode.
 */
export async function requirePlayRight(
  db: Kysely<Database>,
  request: PlayRightRequest,
): Promise<TitleRow> {
  let title = await findTitle(db, request.contentId);
  if (!title || !isOnShelf(title, request.now)) throw notFound();
  if (title.kind === 'series') {
    const episode = await firstEpisode(db, title.content_id);
    if (!episode) throw notFound('這部影集還沒有可以播放的集數。');
    title = episode;
  }
  if (title.is_restricted || title.is_sexual) {
    throw new AppError('FORBIDDEN', undefined, '限制級影片需登入會員並確認年齡後才能觀看。');
  }
  if (title.sell_type !== 'FREE') {
    throw new AppError('FORBIDDEN', undefined, '這部影片需要租借、購買或訂閱後才能觀看。');
  }
  return title;
}
