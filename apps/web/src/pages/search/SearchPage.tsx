import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAGE_SIZE, searchFields, type SearchField } from '@site/contract';
import { useHotKeywords, useSearchPage } from '../../api/search';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { SearchBox } from '../../features/search/SearchBox';
import { PosterCard, PosterCardSkeleton } from '../../features/catalogue/PosterCard';
import { Pager } from '../../features/pager/Pager';
import { startIndexFromParam } from '../../features/pager/pager';
import { t } from '../../i18n/zh-TW';
import '../../features/catalogue/PosterGrid.css';
import './SearchPage.css';
import { LoadError } from '../../features/load-error/LoadError';

const SKELETONS = Array.from({ length: 10 }, (_, i) => i);

function fieldOf(value: string | null): SearchField {
  return searchFields.find((field) => field === value) ?? 'all';
}

/** 全部 / 片名 / 演員, sent with the form as searchField. */
function FieldSelect({ value }: { value: SearchField }) {
  const id = useId();
  return (
    <div className="search-page__field">
      <label htmlFor={id} className="visually-hidden">
        {t.search.field}
      </label>
      <select id={id} name="searchField" defaultValue={value}>
        {searchFields.map((field) => (
          <option key={field} value={field}>
            {t.search.fields[field]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** ajaxGetHotKeyword.do as links to their searches. */
function HotKeywords() {
  const { data } = useHotKeywords();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="hot-keywords" className="hot-keywords">
      <h2 id="hot-keywords">{t.search.hotKeywords}</h2>
      <ul className="hot-keywords__list">
        {data.map((hot) => (
          <li key={hot.keyword}>
            <Link to={paths.search(hot.keyword)} className="hot-keywords__chip">
              {hot.keyword}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({
  keyword,
  searchField,
  startIndex,
}: {
  keyword: string;
  searchField: SearchField;
  startIndex: number;
}) {
  const query = useSearchPage({
    inputKeyword: keyword,
    searchField,
    startIndex,
    maxRecord: PAGE_SIZE,
  });
  const videos = query.data?.videoList.video;
  const totalCount = query.data?.totalCount ?? 0;

  let body;
  if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => query.refetch()} />;
  } else if (!videos) {
    body = (
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
    body = (
      <div className="message search-page__empty">
        <p>{t.search.noResults(keyword)}</p>
        <p>{t.search.noResultsHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="poster-grid" aria-busy={query.isPlaceholderData}>
          {videos.map((video, index) => (
            <li key={video.contentId}>
              <PosterCard video={video} eager={index < 5} />
            </li>
          ))}
        </ul>
        <Pager
          startIndex={startIndex}
          totalCount={totalCount}
          hrefFor={(index) => paths.search(keyword, searchField, index)}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="search-results" className="search-page__results">
      <div className="search-page__head">
        <h2 id="search-results">{t.search.resultsFor(keyword)}</h2>
        {query.data ? (
          <p className="search-page__count" role="status">
            {t.search.resultCount(totalCount)}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}

/** /search?inputKeyword=…&searchField=…&startIndex=…: results 20 a page, and hot keywords. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const keyword = (params.get('inputKeyword') ?? '').trim();
  const searchField = fieldOf(params.get('searchField'));
  const startIndex = startIndexFromParam(params.get('startIndex'), PAGE_SIZE);
  usePageTitle(keyword ? t.search.resultsFor(keyword) : t.pageTitles.search, keyword !== '');

  return (
    <div className="page search-page">
      <h1>{t.pageTitles.search}</h1>
      <SearchBox key={searchField} label={t.search.label} className="search-box search-page__form">
        <FieldSelect value={searchField} />
      </SearchBox>
      {keyword ? (
        <Results keyword={keyword} searchField={searchField} startIndex={startIndex} />
      ) : (
        <p className="page__intro">{t.search.noQuery}</p>
      )}
      <HotKeywords />
    </div>
  );
}
