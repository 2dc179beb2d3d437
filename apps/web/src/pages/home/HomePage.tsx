import type { MainCategory } from '@site/contract';
import { useMainCategoryMenu, useVideoList } from '../../api/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { PosterRow } from '../../features/catalogue/PosterRow';
import { t } from '../../i18n/zh-TW';
import { LiveRow } from './LiveRow';
import { Promo } from './Promo';
import './HomePage.css';

const ROW_SIZE = 20;

function LatestMoviesRow() {
  const { data, isError } = useVideoList({
    mainCategoryId: 'movie',
    orderBy: 'latest',
    startIndex: 0,
    maxRecord: ROW_SIZE,
  });
  // A row that fails to load leaves the page quiet rather than broken (DESIGN §4).
  if (isError) return null;
  return (
    <PosterRow
      title={t.home.latestMovies}
      videos={data?.videoList.video}
      moreHref={paths.browse({ mainCategoryId: 'movie' })}
      eagerCount={4}
    />
  );
}

function CategoryRow({ category }: { category: MainCategory }) {
  const { data, isError } = useVideoList({
    mainCategoryId: category.mainCategoryId,
    orderBy: 'latest',
    startIndex: 0,
    maxRecord: ROW_SIZE,
  });
  if (isError) return null;
  return (
    <PosterRow
      title={category.mainCategoryName}
      videos={data?.videoList.video}
      moreHref={paths.browse({ mainCategoryId: category.mainCategoryId })}
    />
  );
}

export default function HomePage() {
  usePageTitle(t.pageTitles.home);
  const menu = useMainCategoryMenu();
  return (
    <div className="home">
      <Promo />
      <LatestMoviesRow />
      {menu.data?.map((category) => (
        <CategoryRow key={category.mainCategoryId} category={category} />
      ))}
      <LiveRow />
    </div>
  );
}
