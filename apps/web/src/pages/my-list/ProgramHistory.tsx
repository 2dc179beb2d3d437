import { Link } from 'react-router';
import type { LoginInfo } from '@site/contract';
import { useProgramHistory, type ProgramHistoryItem } from '../../api/catchup';
import { formatDateTime, formatPosition } from '../../features/catalogue/format';
import { t } from '../../i18n/zh-TW';
import { programmePath } from '../live/catchup';

function ProgramEntry({ item }: { item: ProgramHistoryItem }) {
  const href = programmePath(item.channelId, item.programStart);
  const start = Number(item.programStart);
  const watched = Number(item.watchedAt);
  const position = formatPosition(item.positionSeconds);
  return (
    <li className="list-entry program-entry">
      <Link to={href} className="list-entry__poster" tabIndex={-1} aria-hidden="true">
        {item.channelPic ? (
          <img
            src={item.channelPic}
            alt=""
            width={96}
            height={54}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </Link>
      <div className="list-entry__body">
        <h4 className="list-entry__name">
          <Link to={href}>{item.programName}</Link>
        </h4>
        <p className="list-entry__facts">
          {t.catchup.historyItem(item.channelName, formatDateTime(start))}
        </p>
        {Number.isFinite(watched) && watched > 0 ? (
          <p className="list-entry__meta">
            {t.catchup.watchedAt(formatDateTime(watched))} · {t.myList.resumeAt(position)}
          </p>
        ) : null}
        <div className="list-entry__actions">
          <Link
            className="button button--primary"
            to={href}
            aria-label={
              item.positionSeconds > 0
                ? t.catchup.historyResume(item.programName, position)
                : t.catchup.historyPlay(item.programName)
            }
          >
            {item.positionSeconds > 0 ? t.myList.resume : t.catchup.catchUp}
          </Link>
        </div>
      </div>
    </li>
  );
}

/**
 * 回看紀錄 (issue 24): the member's catch-up and start-over programmes with where they were left
 * (findProgramHistoryList, newest first), each a link to the live page playing it
 * (/LiveChannel/{channelId}?program={programStart}), which resumes there. Quiet when the call
 * fails: the play history above is the page's own.
 */
export function ProgramHistory({ info }: { info: LoginInfo }) {
  const query = useProgramHistory(info);
  const items = query.data?.programList;
  if (!items) return null;
  return (
    <section className="program-history" aria-labelledby="program-history-heading">
      <h3 id="program-history-heading">{t.catchup.historyHeading}</h3>
      {items.length === 0 ? (
        <p className="message">{t.catchup.historyEmpty}</p>
      ) : (
        <ul className="list-entries">
          {items.map((item) => (
            <ProgramEntry key={`${item.channelId} ${item.programStart}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
