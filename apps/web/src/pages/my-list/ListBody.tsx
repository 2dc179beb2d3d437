import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PAGE_SIZE } from '@site/contract';
import { paths } from '../../routing/paths';
import { Pager } from '../../features/pager/Pager';
import { t } from '../../i18n/zh-TW';
import { ListEntrySkeleton } from './ListEntry';
import { LoadError } from '../../features/load-error/LoadError';

const SKELETONS = Array.from({ length: 4 }, (_, i) => i);

/** The URL of this list page at another startIndex (other query parameters kept). */
export function useHrefAt() {
  const location = useLocation();
  return (startIndex: number) => {
    const search = new URLSearchParams(location.search);
    if (startIndex > 0) search.set('startIndex', String(startIndex));
    else search.delete('startIndex');
    const text = search.toString();
    return `${location.pathname}${text ? `?${text}` : ''}`;
  };
}

/**
 * A list's loading, failure, empty and paged states around its entries (20 a page, SPEC §9).
 * A page emptied by a removal falls back to the page before it.
 */
export function ListBody({
  name,
  query,
  count,
  totalCount,
  startIndex,
  busy = false,
  children,
}: {
  name: string;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** Entries on this page; undefined while loading. */
  count: number | undefined;
  totalCount: number;
  startIndex: number;
  busy?: boolean;
  children: ReactNode;
}) {
  const hrefAt = useHrefAt();
  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  if (count === undefined) {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t.common.loading}
        </p>
        <ul className="list-entries" aria-hidden="true">
          {SKELETONS.map((i) => (
            <ListEntrySkeleton key={i} />
          ))}
        </ul>
      </>
    );
  }
  if (count === 0 && startIndex > 0) {
    return <Navigate to={hrefAt(Math.max(0, startIndex - PAGE_SIZE))} replace />;
  }
  if (count === 0) {
    return (
      <div className="message my-list__empty">
        <p>{t.myList.empty(name)}</p>
        <p>
          <Link to={paths.browse()}>{t.myList.emptyHint}</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="my-list__total">{t.myList.total(totalCount)}</p>
      <ul className="list-entries" aria-busy={busy}>
        {children}
      </ul>
      <Pager startIndex={startIndex} totalCount={totalCount} hrefFor={hrefAt} />
    </>
  );
}
