import type { ProgramSchedule } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { nowAndNext } from './schedule';

/** Item 8: the channel, the programme on now and the next one, for a few seconds. */
export function NowNextOverlay({
  number,
  name,
  typed,
  at,
  schedule,
}: {
  number: number;
  name: string;
  typed: string;
  /** When the overlay was asked for (ms since the epoch): the programmes on air then. */
  at: number;
  schedule: ProgramSchedule | undefined;
}) {
  const { now, next } = schedule && at ? nowAndNext(schedule, at) : {};
  return (
    <div className="live-now-next" role="status" aria-label={t.live.nowNext}>
      {typed ? (
        <p className="live-now-next__typed">{t.live.typedNumber(typed)}</p>
      ) : (
        <>
          <p className="live-now-next__channel">
            {number > 0 ? <span>{t.live.channelNumber(number)}</span> : null} {name}
          </p>
          <dl className="live-now-next__list">
            <dt>{t.live.now}</dt>
            <dd>{now ? `${now.startTime} ${now.programName}` : t.live.noProgramme}</dd>
            <dt>{t.live.next}</dt>
            <dd>{next ? `${next.startTime} ${next.programName}` : t.live.noProgramme}</dd>
          </dl>
        </>
      )}
    </div>
  );
}
