import type { ListItem } from '../../api/lists';
import { t } from '../../i18n/zh-TW';
import { PlayLink } from '../player/PlayLink';
import { formatPosition } from './format';
import './ResumeCard.css';

/** Intrinsic size of the 16:9 stills; the box keeps the ratio before the picture arrives. */
const STILL_WIDTH = 320;
const STILL_HEIGHT = 180;

/**
 * A continue-watching card: the still, how far it was watched, and a link that resumes the
 * movie or episode (/play/{resumeContentId}) at that point.
 */
export function ResumeCard({ item, eager = false }: { item: ListItem; eager?: boolean }) {
  const position = item.positionSeconds ?? 0;
  const time = formatPosition(position);
  const share =
    item.durationSeconds > 0
      ? Math.min(100, Math.round((position / item.durationSeconds) * 100))
      : 0;
  return (
    <PlayLink
      to={`/play/${encodeURIComponent(item.resumeContentId ?? item.contentId)}`}
      className="resume-card"
    >
      <span className="resume-card__frame">
        <img
          className="resume-card__image"
          src={item.stillUrl}
          alt=""
          width={STILL_WIDTH}
          height={STILL_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="resume-card__play" aria-hidden="true" />
        {share > 0 && (
          <span className="resume-card__bar" aria-hidden="true">
            <span className="resume-card__done" style={{ width: `${share}%` }} />
          </span>
        )}
      </span>
      <span className="resume-card__name">
        <span className="visually-hidden">{t.card.resume} </span>
        {item.contentName}
      </span>
      <span className="resume-card__meta">{t.card.resumeAt(time)}</span>
    </PlayLink>
  );
}

export function ResumeCardSkeleton() {
  return (
    <span className="resume-card resume-card--skeleton" aria-hidden="true">
      <span className="resume-card__frame" />
      <span className="resume-card__name">&nbsp;</span>
      <span className="resume-card__meta">&nbsp;</span>
    </span>
  );
}
