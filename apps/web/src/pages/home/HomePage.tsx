import { usePageDataMain } from '../../api/catalogue';
import { useHeaderVideo } from '../../api/site-content';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { PosterRow, PosterRowSkeleton } from '../../features/catalogue/PosterRow';
import { LoadError } from '../../features/load-error/LoadError';
import { t } from '../../i18n/zh-TW';
import { ContinueWatchingRow } from './ContinueWatchingRow';
import { HeaderBanner } from './HeaderBanner';
import { LiveRow } from './LiveRow';
import { Promo } from './Promo';
import './HomePage.css';

/** The first row's leading posters load at once, with high priority (about a screen's width). */
const EAGER_POSTERS = 6;

/** 查看全部 of the rows the browse page can show as such. */
const moreLinks: Record<string, string> = {
  'latest-movies': paths.browse({ mainCategoryId: 'movie' }),
  'free-to-watch': paths.browse({ sellType: 'FREE' }),
};

/**
 * The rows of ajaxGetPageDataMain.do ('最新上架電影' first); grey rows hold their place. When
 * they fail the page says so and offers 重試 (issue 20 item 15), which asks for the banner
 * again too when it failed with them (it hides itself rather than show a second alert).
 */
function PageRows() {
  const rows = usePageDataMain();
  const banner = useHeaderVideo();
  const groups = rows.data;
  if (rows.isError) {
    return (
      <LoadError
        className="home__load-error"
        title={t.home.loadFailed}
        error={rows.error}
        onRetry={() => Promise.all([rows.refetch(), banner.isError ? banner.refetch() : null])}
      />
    );
  }
  if (!groups) return <PosterRowSkeleton />;
  return groups.map((group, index) => (
    <PosterRow
      key={group.groupId}
      title={group.groupName}
      videos={group.videoList.video}
      moreHref={moreLinks[group.groupId]}
      eagerCount={index === 0 ? EAGER_POSTERS : 0}
    />
  ));
}

export default function HomePage() {
  usePageTitle(t.pageTitles.home);
  const info = useLoginInfo().data;
  const member = info?.isLogin === 'Y';
  const kid = info?.kidMode === '1';
  return (
    <div className="home">
      <Promo />
      <HeaderBanner />
      {member ? <ContinueWatchingRow info={info} /> : null}
      <PageRows />
      {/* Live channels are not part of the kid-safe menus. */}
      {kid ? null : <LiveRow />}
    </div>
  );
}
