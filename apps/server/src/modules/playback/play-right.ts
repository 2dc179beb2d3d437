import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { TitleRow } from '../catalogue/present.js';
import { contentScope, type Viewer } from '../accounts/viewer.js';
import { findTitle, firstEpisode, isOnShelf, isVisibleTo } from '../catalogue/queries.js';

export interface PlayRightRequest {
  contentId: string;
  isSeries: 'Y' | 'N';
  viewer: Viewer | null;
  now: number;
}

/**
 * The one place that decides whether a title may be played (DESIGN §1). Today it knows free
 * titles, kid mode and the restricted-content filter; rentals, purchases, the monthly service and
 * ads join here as their issues land. A series plays its first episode.
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
  const scope = contentScope(request.viewer);
  if (scope.kidsOnly && !title.kid_safe) {
    throw new AppError('FORBIDDEN', undefined, '兒童模式下不能觀看這部影片。');
  }
  // Restricted titles play only for a member who switched the filter off (age confirmed).
  if (!isVisibleTo(title, scope) || ((title.is_restricted || title.is_sexual) && !request.viewer)) {
    throw new AppError(
      'FORBIDDEN',
      undefined,
      '限制級影片需登入會員並關閉限制級內容過濾後才能觀看。',
    );
  }
  if (title.sell_type !== 'FREE') {
    throw new AppError('FORBIDDEN', undefined, '這部影片需要租借、購買或訂閱後才能觀看。');
  }
  return title;
}
