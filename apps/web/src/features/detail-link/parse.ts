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

/** The page path a link string opens, ids URL-encoded; null when the link is malformed. */
export function detailPathFromLink(link: string): string | null {
  const pair = parseDetailLink(link);
  return pair ? detailsPath(pair.contentId, pair.otherId) : null;
}

/** The same check for the page's own route params: both ids must be non-blank. */
export function isCompletePair(contentId = '', otherId = ''): boolean {
  return contentId.trim() !== '' && otherId.trim() !== '';
}
