import type { Kysely } from 'kysely';
import { documentTitle, pageTitles } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { HeadResolver } from '../../http/page-shell.js';
import { systemClock } from '../../time.js';
import { mediaUrl } from '../media/urls.js';
import { findVisibleTitle, viewerScope } from './visibility.js';

/**
 * The head of /play/{contentId}: 404 when the id names no title this viewer may see, as every
 * other unknown page answers (issue 20 item 18; the page itself then shows the play right's
 * 404 message). A known title's page is named after it: 「name｜播放」.
 */
export function playHead(db: Kysely<Database>, clock: () => number = systemClock): HeadResolver {
  return async ({ contentId = '' }, site) => {
    const title = await findVisibleTitle(db, viewerScope(site.viewer), contentId, clock());
    if (!title) return null;
    return {
      title: documentTitle(`${title.name}｜${pageTitles.play}`),
      description: title.synopsis,
      image: mediaUrl(title.poster_path),
    };
  };
}
