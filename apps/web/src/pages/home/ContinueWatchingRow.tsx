import type { LoginInfo } from '@site/contract';
import { useListData } from '../../api/lists';
import { paths } from '../../routing/paths';
import { RowShell } from '../../features/catalogue/PosterRow';
import { ResumeCard, ResumeCardSkeleton } from '../../features/catalogue/ResumeCard';
import { t } from '../../i18n/zh-TW';
import '../../features/catalogue/ResumeCard.css';

const ROW_SIZE = 20;
const SKELETONS = Array.from({ length: 4 }, (_, i) => i);

/** Members' continue-watching row (menuType KeepWatch); each card resumes where it stopped. */
export function ContinueWatchingRow({ info }: { info: LoginInfo }) {
  const { data, isError } = useListData(info, 'KeepWatch', { startIndex: 0, maxRecord: ROW_SIZE });
  // Nothing to resume (or a failed call) leaves no empty row behind.
  if (isError || (data && data.videoList.video.length === 0)) return null;
  return (
    <RowShell
      title={t.home.continueWatching}
      moreHref={paths.myList('watching')}
      listClassName="resume-row__list"
      busy={!data}
    >
      {data
        ? data.videoList.video.map((item) => (
            <li key={item.contentId}>
              <ResumeCard item={item} />
            </li>
          ))
        : SKELETONS.map((i) => (
            <li key={i}>
              <ResumeCardSkeleton />
            </li>
          ))}
    </RowShell>
  );
}
