import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { requireTitleRight, type TitleRight } from '../commerce/title-rights.js';
import type { TitleRow } from '../catalogue/present.js';
import type { Viewer } from '../accounts/viewer.js';
import { firstEpisode } from '../catalogue/queries.js';
import { requireVisibleTitle, viewerScope } from '../catalogue/visibility.js';

export interface PlayRightRequest {
  contentId: string;
  isSeries: 'Y' | 'N';
  viewer: Viewer | null;
  now: number;
}

/**
 * The one place that decides whether a title may be played (DESIGN §1). Nothing plays that the
 * viewer may not see: the catalogue's one visibility rule (on the shelf, kid mode, the
 * restricted-content filter) answers 404 for a hidden title as for a missing one (ADR 0016).
 * Of what the viewer sees, the commerce rule decides (ADR 0019): free and AVOD titles for anyone,
 * others for an account holding a purchase, a rental (its 48-hour clock starts here, at the
 * first granted play) or a paid service period. A series plays its first episode the viewer may
 * see.
 */
export async function requirePlayRight(
  db: Kysely<Database>,
  request: PlayRightRequest,
): Promise<{ title: TitleRow; right: TitleRight }> {
  const scope = viewerScope(request.viewer);
  let title = await requireVisibleTitle(db, scope, request.contentId, request.now);
  if (title.kind === 'series') {
    const episode = await firstEpisode(db, title.content_id, scope, request.now);
    if (!episode) throw notFound('這部影集還沒有可以播放的集數。');
    title = episode;
  }
  const right = await requireTitleRight(db, {
    accountId: request.viewer?.accountId ?? null,
    title,
    now: request.now,
    start: true,
  });
  return { title, right };
}

/**
 * The content key of an encrypted clip (ADR 0023): the play right asked again at key time, as
 * requirePlayRight asks it (visibility, then commerce) but starting no rental clock; the grant
 * in the key's path already ties it to the account whose session asks.
 */
export async function requireKeyRight(
  db: Kysely<Database>,
  request: { viewer: Viewer; contentId: string; clipId: string; now: number },
): Promise<void> {
  const { viewer, contentId, clipId, now } = request;
  const title = await requireVisibleTitle(db, viewerScope(viewer), contentId, now);
  if (title.clip_id !== clipId) throw new AppError('FORBIDDEN');
  await requireTitleRight(db, { accountId: viewer.accountId, title, now, start: false });
}
