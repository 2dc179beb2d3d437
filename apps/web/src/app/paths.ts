import { pageRoutes, type ListType } from '@site/contract';
import { buildQuery, type QueryParams } from '../api/query-string';

/** Links to pages with parameters, ids encoded; the route patterns themselves live in the contract. */
export const paths = {
  browse: (filters: QueryParams = {}) => pageRoutes.browse + buildQuery(filters),
  myList: (listType: ListType) => `/my-list/${listType}`,
  play: (contentId: string) => `/play/${encodeURIComponent(contentId)}`,
  liveSimplePlayer: (channelId: string) => `/LiveSimplePlayer/${encodeURIComponent(channelId)}`,
};
