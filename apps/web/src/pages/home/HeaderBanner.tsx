import { useState } from 'react';
import { Link } from 'react-router';
import type { VideoListItem } from '@site/contract';
import { useHeaderVideo } from '../../api/site-content';
import { paths } from '../../routing/paths';
import { detailPathFromLink } from '../../features/detail-link/parse';
import { PlayLink } from '../../features/player/PlayLink';
import { t } from '../../i18n/zh-TW';

const STILL_WIDTH = 1280;
const STILL_HEIGHT = 720;
const THUMB_SLOTS = Array.from({ length: 5 }, (_, i) => i);

/** What a featured title's 播放 opens: a movie plays; a series shows its episodes first. */
function playTarget(video: VideoListItem): string | undefined {
  return video.isSeries === 'Y' ? undefined : paths.play(video.contentId);
}

/**
 * The banner of ajaxGetHeaderVideo.do: one featured title large (still, name, brief, 播放 and
 * 影片介紹), the others as buttons that bring them forward. It never moves by itself, so it
 * needs no pause control; every box keeps its size while loading (no layout shift).
 */
export function HeaderBanner() {
  const { data: videos, isError } = useHeaderVideo();
  const [chosen, setChosen] = useState(0);
  if (isError || (videos && videos.length === 0)) return null;
  const featured = videos?.[Math.min(chosen, videos.length - 1)];
  const play = featured && playTarget(featured);

  return (
    <section className="banner" aria-labelledby="banner-heading" aria-busy={!videos}>
      <div className="banner__feature">
        <div className="banner__frame">
          {featured ? (
            <img
              key={featured.contentId}
              className="banner__image"
              src={featured.stillUrl}
              alt=""
              width={STILL_WIDTH}
              height={STILL_HEIGHT}
              loading="eager"
              fetchPriority="high"
              decoding="async"
            />
          ) : null}
        </div>
        <div className="banner__text">
          <h2 id="banner-heading" className="banner__label">
            {t.home.banner}
          </h2>
          <h3 className="banner__name">{featured?.contentName ?? '\u00a0'}</h3>
          <p className="banner__brief">{featured?.brief ?? '\u00a0'}</p>
          <div className="banner__actions">
            {featured ? (
              <>
                {play ? (
                  <PlayLink to={play} className="button button--primary">
                    {t.common.play}
                  </PlayLink>
                ) : null}
                <Link
                  // The banner's link string (SPEC §2) names the page, as in the original.
                  to={detailPathFromLink(featured.linkString)}
                  className={play ? 'button' : 'button button--primary'}
                  aria-label={`${t.home.moreInfo}：${featured.contentName}`}
                >
                  {t.home.moreInfo}
                </Link>
              </>
            ) : null}
          </div>
        </div>
      </div>
      {/* The group carries the name: a list is not an element aria-label is meant for. */}
      <div className="banner__picker" role="group" aria-label={t.home.bannerChoices}>
        <ul className="banner__choices">
          {videos
            ? videos.map((video, index) => (
                <li key={video.contentId}>
                  <button
                    type="button"
                    className="banner__choice"
                    aria-pressed={video === featured}
                    aria-label={t.home.bannerShow(video.contentName)}
                    onClick={() => setChosen(index)}
                  >
                    <img
                      className="banner__thumb"
                      src={video.stillUrl}
                      alt=""
                      width={160}
                      height={90}
                      loading="lazy"
                      decoding="async"
                    />
                  </button>
                </li>
              ))
            : THUMB_SLOTS.map((i) => (
                <li key={i}>
                  <span className="banner__choice banner__choice--skeleton" />
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
