import {
  PAGE_SIZE,
  countries,
  orderBys,
  sellTypes,
  type FilterCategoryVideoListQuery,
} from '@site/contract';

type Query = FilterCategoryVideoListQuery;
export type Country = NonNullable<Query['country']>;
export type OrderBy = Query['orderBy'];
export type SellType = NonNullable<Query['sellType']>;

/** The browse page's state, all of it in the URL so a view can be shared and the back button works. */
export interface BrowseFilters {
  mainCategoryId?: string;
  subcategoryId?: string;
  year?: number;
  country?: Country;
  orderBy: OrderBy;
  sellType?: SellType;
  startIndex: number;
}

export type FilterKey = Exclude<keyof BrowseFilters, 'startIndex'>;

export const DEFAULT_ORDER: OrderBy = 'latest';
export const FIRST_YEAR = 1980;

const idPattern = /^[A-Za-z0-9_-]{1,40}$/;

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((item) => item === value);
}

function id(value: string | null): string | undefined {
  return value !== null && idPattern.test(value) ? value : undefined;
}

function year(value: string | null): number | undefined {
  if (value === null || !/^\d{4}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1900 && n <= 2100 ? n : undefined;
}

function startIndex(value: string | null): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return 0;
  // Only whole pages exist; a hand-edited offset snaps to the page that holds it.
  return Math.floor(Number(value) / PAGE_SIZE) * PAGE_SIZE;
}

/**
 * Filters from the URL. Values the server would refuse are dropped rather than shown as an
 * error: a stale or hand-edited link still opens a useful page.
 */
export function filtersFromSearch(search: URLSearchParams): BrowseFilters {
  const mainCategoryId = id(search.get('mainCategoryId'));
  return {
    mainCategoryId,
    // A subcategory only means something under its main category.
    subcategoryId: mainCategoryId ? id(search.get('subcategoryId')) : undefined,
    year: year(search.get('year')),
    country: oneOf(countries, search.get('country')),
    orderBy: oneOf(orderBys, search.get('orderBy')) ?? DEFAULT_ORDER,
    sellType: oneOf(sellTypes, search.get('sellType')),
    startIndex: startIndex(search.get('startIndex')),
  };
}

/** The URL form of filters, leaving out defaults so the plain page keeps a plain URL. */
export function searchFromFilters(filters: BrowseFilters): URLSearchParams {
  const search = new URLSearchParams();
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') search.set(key, String(value));
  };
  put('mainCategoryId', filters.mainCategoryId);
  put('subcategoryId', filters.subcategoryId);
  put('year', filters.year);
  put('country', filters.country);
  if (filters.orderBy !== DEFAULT_ORDER) put('orderBy', filters.orderBy);
  put('sellType', filters.sellType);
  if (filters.startIndex > 0) put('startIndex', filters.startIndex);
  return search;
}

/**
 * Filters after one <select> changed (value '' = 全部). Any change goes back to the first page;
 * a new main category clears the subcategory, which belonged to the old one.
 */
export function withFilter(filters: BrowseFilters, key: FilterKey, value: string): BrowseFilters {
  const search = searchFromFilters(filters);
  if (value) search.set(key, value);
  else search.delete(key);
  if (key === 'mainCategoryId') search.delete('subcategoryId');
  search.delete('startIndex');
  return filtersFromSearch(search);
}

export function withStartIndex(filters: BrowseFilters, index: number): BrowseFilters {
  return { ...filters, startIndex: Math.max(0, index) };
}

/** The parameters of ajaxFilterCategoryVideoListData.do for these filters, one page of them. */
export function toVideoListQuery(filters: BrowseFilters): Partial<Query> {
  const { startIndex, ...rest } = filters;
  return { ...rest, startIndex, maxRecord: PAGE_SIZE };
}

export function hasActiveFilters(filters: BrowseFilters): boolean {
  const { startIndex: _startIndex, ...rest } = filters;
  return searchFromFilters({ ...rest, startIndex: 0 }).toString() !== '';
}

/** Years offered by the year filter, newest first. */
export function yearOptions(thisYear: number, firstYear = FIRST_YEAR): number[] {
  const years: number[] = [];
  for (let y = thisYear; y >= firstYear; y -= 1) years.push(y);
  return years;
}
