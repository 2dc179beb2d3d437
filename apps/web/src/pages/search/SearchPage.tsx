import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { SearchBox } from '../../app/SearchBox';
import { t } from '../../i18n/zh-TW';

/** Results come from ajaxBuildSearchPage.do, which the server does not offer yet: none to show. */
export default function SearchPage() {
  usePageTitle(t.pageTitles.search);
  const [params] = useSearchParams();
  const keyword = (params.get('inputKeyword') ?? '').trim();
  return (
    <div className="page">
      <h1>{t.pageTitles.search}</h1>
      <SearchBox key={keyword} label={t.search.label} />
      {keyword ? (
        <section aria-labelledby="search-results">
          <h2 id="search-results">{t.search.resultsFor(keyword)}</h2>
          <p className="message">{t.search.noResults(keyword)}</p>
        </section>
      ) : (
        <p className="page__intro">{t.search.noQuery}</p>
      )}
    </div>
  );
}
