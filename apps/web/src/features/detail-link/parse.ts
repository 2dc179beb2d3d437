import { detailsPath } from '@site/contract';

export interface DetailPair {
  contentId: string;
  otherId: string;
}

/**
 * Reads a SPEC §2 link string 'prefix:A|B'. The second id is placed first in the pair, so it
 * names the title shown: 'x:A|B' → {contentId: 'B', otherId: 'A'}. Null when the prefix, the
 * separator or either id is missing (SPEC §5: a deep link needs both ids non-empty), or when
 * there are more than two ids, since we could not tell which pair was meant.
 */
export function parseDetailLink(link: string): DetailPair | null {
  const colon = link.indexOf(':');
  if (colon <= 0 || !link.slice(0, colon).trim()) return null;
  const ids = link.slice(colon + 1).split('|');
  if (ids.length !== 2) return null;
  const [otherId, contentId] = ids.map((id) => id.trim());
  if (!contentId || !otherId) return null;
  return { contentId, otherId };
}

/** Where a link string that names no pair at all leads: the details page's 網址資料錯誤 state. */
export const WRONG_DETAIL_PATH = '/details/';

/**
 * The page path a link string opens: 'x:A|B' → /details/B/A, ids URL-encoded. A link with an
 * empty id keeps its shape (/details/B/ or /details//A) and one that is no link string at all
 * leads to /details/: either way the details page shows 網址資料錯誤 (SPEC §5: a deep link needs
 * both ids), as the original product does, rather than a link that silently goes nowhere.
 */
export function detailPathFromLink(link: string): string {
  const pair = parseDetailLink(link);
  if (pair) return detailsPath(pair.contentId, pair.otherId);
  const colon = link.indexOf(':');
  const ids = colon > 0 ? link.slice(colon + 1).split('|') : [];
  if (ids.length !== 2) return WRONG_DETAIL_PATH;
  const [first = '', second = ''] = ids.map((id) => id.trim());
  return `/details/${encodeURIComponent(second)}/${encodeURIComponent(first)}`;
}

/** The same check for the page's own route params: both ids must be non-blank. */
export function isCompletePair(contentId = '', otherId = ''): boolean {
  return contentId.trim() !== '' && otherId.trim() !== '';
}
