import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../i18n/zh-TW';
import { NEXT_EPISODE_COUNTDOWN_SECONDS, startCountdown } from './countdown';
import { PlayLink, preloadPlayback, startPlayback } from './PlayLink';
import './NextEpisodeCountdown.css';

/**
 * At the end of an episode: the next one starts after a countdown, at once with 立即播放, or not
 * at all with 取消自動播放 (then a link to it stays).
 */
export function NextEpisodeCountdown({
  name,
  to,
  seconds = NEXT_EPISODE_COUNTDOWN_SECONDS,
}: {
  name: string;
  to: string;
  seconds?: number;
}) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  const [cancelled, setCancelled] = useState(false);
  const cancelRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    preloadPlayback(to);
    const cancel = startCountdown(seconds, setLeft, () => {
      void (startPlayback(to) ?? Promise.resolve()).then(() => navigate(to));
    });
    cancelRef.current = cancel;
    return cancel;
  }, [seconds, to, navigate]);

  if (cancelled) {
    return (
      <div className="next-episode">
        <PlayLink to={to} className="button button--primary">
          {t.play.playNext(name)}
        </PlayLink>
      </div>
    );
  }
  return (
    <div className="next-episode">
      <p className="next-episode__text" aria-hidden="true">
        {t.play.nextIn(name, left)}
      </p>
      <p className="visually-hidden" role="status">
        {t.play.nextIn(name, seconds)}
      </p>
      <div className="next-episode__actions">
        <PlayLink to={to} className="button button--primary">
          {t.play.nextNow}
        </PlayLink>
        <button
          type="button"
          className="button"
          onClick={() => {
            cancelRef.current();
            setCancelled(true);
          }}
        >
          {t.play.nextCancel}
        </button>
      </div>
    </div>
  );
}
