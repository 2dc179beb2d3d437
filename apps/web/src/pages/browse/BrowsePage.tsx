import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '@site/contract';
import { useMainCategoryMenu, useVideoList } from '../../api/hooks';
import { usePageTitle } from '../../routing/page-title';
import { PosterCard, PosterCardSkeleton } from '../../features/catalogue/PosterCard';
import { Pager } from '../../features/pager/Pager';
import { t } from '../../i18n/zh-TW';
import { FilterBar } from './FilterBar';
import {
  filtersFromSearch,
  hasActiveFilters,
  searchFromFilters,
  toVideoListQuery,
} from './filters';
import '../../features/catalogue/PosterGrid.css';
import './BrowsePage.css';
import { LoadError } from '../../features/load-error/LoadError';

const SKELETONS = Array.from({ length: PAGE_SIZE }, (_, i) => i);

export default function BrowsePage() {
  usePageTitle(t.pageTitles.browse);
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const menu = useMainCategoryMenu();
  const list = useVideoList(toVideoListQuery(filters));
  const videos = list.data?.videoList.video;
  const totalCount = list.data?.totalCount ?? 0;

  let results;
  if (list.isError) {
    results = <LoadError error={list.error} onRetry={() => list.refetch()} />;
  } else if (!videos) {
    results = (
      <>
        <p className="visually-hidden" role="status">
          {t.common.loading}
        </p>
        <ul className="poster-grid" aria-hidden="true">
          {SKELETONS.map((i) => (
            <li key={i}>
              <PosterCardSkeleton />
            </li>
          ))}
        </ul>
      </>
    );
  } else if (videos.length === 0) {
    results = (
      <div className="message">
        <p>{t.browse.empty}</p>
        {hasActiveFilters(filters) && (
          <button type="button" className="button" onClick={() => setSearch({})}>
            {t.browse.resetFilters}
          </button>
        )}
      </div>
    );
  } else {
    results = (
      <>
        <ul className="poster-grid" aria-busy={list.isPlaceholderData}>
          {videos.map((video, index) => (
            <li key={video.contentId}>
              <PosterCard video={video} eager={index < 5} />
            </li>
          ))}
        </ul>
        <Pager
          startIndex={filters.startIndex}
          totalCount={totalCount}
          hrefFor={(startIndex) => `?${searchFromFilters({ ...filters, startIndex })}`}
        />
      </>
    );
  }

  return (
    <div className="page browse">
      <h1>{t.pageTitles.browse}</h1>
      <FilterBar
        filters={filters}
        categories={menu.data ?? []}
        onChange={(next) => setSearch(searchFromFilters(next))}
        onShowResults={() => resultsHeading.current?.focus()}
      />
      <section aria-labelledby="browse-results" className="browse__results">
        {/* Focusable from script only: 查看結果 brings the reader here. */}
        <h2 id="browse-results" ref={resultsHeading} className="browse__count" tabIndex={-1}>
          {list.data ? t.browse.resultCount(totalCount) : t.browse.results}
        </h2>
        {results}
      </section>
    </div>
  );
}
