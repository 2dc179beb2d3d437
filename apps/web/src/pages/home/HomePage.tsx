import { usePageDataMain } from '../../api/catalogue';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { PosterRow, PosterRowSkeleton } from '../../features/catalogue/PosterRow';
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

/** The rows of ajaxGetPageDataMain.do ('最新上架電影' first); grey rows hold their place. */
function PageRows() {
  const { data: groups, isError } = usePageDataMain();
  // A failed call leaves the page quiet rather than broken (DESIGN §4).
  if (isError) return null;
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
