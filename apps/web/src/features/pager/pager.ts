export interface PageInfo {
  /** 1-based. */
  current: number;
  total: number;
}

export function pageInfo(startIndex: number, totalCount: number, pageSize: number): PageInfo {
  const total = Math.max(1, Math.ceil(totalCount / pageSize));
  const current = Math.min(total, Math.floor(startIndex / pageSize) + 1);
  return { current, total };
}

/**
 * Page numbers to show: the first, the last and a window around the current page, with null
 * where numbers are skipped (shown as an ellipsis). Keeps the pager short on a phone.
 */
export function pageNumbers({ current, total }: PageInfo, radius = 1): (number | null)[] {
  const shown = new Set([1, total]);
  for (let p = current - radius; p <= current + radius; p += 1) {
    if (p >= 1 && p <= total) shown.add(p);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(null);
    result.push(page);
  });
  return result;
}

/** A page's startIndex from the URL: whole pages only, 0 when absent or malformed. */
export function startIndexFromParam(value: string | null, pageSize: number): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return 0;
  return Math.floor(Number(value) / pageSize) * pageSize;
}
