import type { RefObject } from 'react';
import { PAGE_SIZE, type LoginInfo } from '@site/contract';
import {
  removeKeepWatch,
  updateFavorite,
  updateToViewList,
  useListData,
  type ListItem,
} from '../../api/lists';
import { paths } from '../../routing/paths';
import { formatPosition } from '../../features/catalogue/format';
import { PosterRow } from '../../features/catalogue/PosterRow';
import { PlayLink } from '../../features/player/PlayLink';
import { t } from '../../i18n/zh-TW';
import { ListBody } from './ListBody';
import { ListEntry } from './ListEntry';
import { PlayOrEpisodes } from './PlayOrEpisodes';
import { useListAction } from './use-list-action';

type MenuListType = 'watching' | 'viewlist' | 'favorite';

const menuTypes = {
  watching: 'KeepWatch',
  viewlist: 'ToViewList',
  favorite: 'MyFavorite',
} as const;

const removers: Record<MenuListType, (item: ListItem) => Promise<unknown>> = {
  watching: removeKeepWatch,
  viewlist: (item) => updateToViewList(item, false),
  favorite: (item) => updateFavorite(item, false),
};

/** The favorites' 為你推薦 row (FavoriteRecommend). */
function Recommended({ info }: { info: LoginInfo }) {
  const { data, isError } = useListData(info, 'FavoriteRecommend', {
    startIndex: 0,
    maxRecord: PAGE_SIZE,
  });
  if (isError || (data && data.videoList.video.length === 0)) return null;
  return <PosterRow title={t.myList.recommended} videos={data?.videoList.video} />;
}

/** Continue watching, the to-view list or the favorites: 20 a page, remove, play or resume. */
export function MenuList({
  info,
  listType,
  startIndex,
  heading,
}: {
  info: LoginInfo;
  listType: MenuListType;
  startIndex: number;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const name = t.listTypes[listType];
  const query = useListData(info, menuTypes[listType], { startIndex, maxRecord: PAGE_SIZE });
  const action = useListAction(info, heading);
  const items = query.data?.videoList.video;

  return (
    <>
      <p
        className={`my-list__status${action.error ? ' my-list__status--error' : ''}`}
        aria-live="polite"
      >
        {action.message}
      </p>
      <ListBody
        name={name}
        query={query}
        count={items?.length}
        totalCount={query.data?.totalCount ?? 0}
        startIndex={startIndex}
        busy={query.isPlaceholderData}
      >
        {items?.map((item) => {
          const time = formatPosition(item.positionSeconds ?? 0);
          const resume = listType === 'watching';
          return (
            <ListEntry
              key={item.contentId}
              video={item}
              meta={
                resume ? <p className="list-entry__meta">{t.myList.resumeAt(time)}</p> : undefined
              }
              actions={
                <>
                  {resume ? (
                    <PlayLink
                      to={paths.play(item.resumeContentId ?? item.contentId)}
                      className="button button--primary"
                      label={t.myList.resumeName(item.contentName, time)}
                    >
                      {t.myList.resume}
                    </PlayLink>
                  ) : (
                    <PlayOrEpisodes video={item} />
                  )}
                  <button
                    type="button"
                    className="button"
                    aria-label={t.myList.removeName(name, item.contentName)}
                    disabled={action.pending === item.contentId}
                    onClick={() =>
                      void action.run(
                        item.contentId,
                        () => removers[listType](item),
                        t.myList.removed(name, item.contentName),
                      )
                    }
                  >
                    {t.myList.remove}
                  </button>
                </>
              }
            />
          );
        })}
      </ListBody>
      {listType === 'favorite' ? <Recommended info={info} /> : null}
    </>
  );
}
