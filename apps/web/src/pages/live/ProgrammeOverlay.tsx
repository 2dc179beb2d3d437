import { useState } from 'react';
import type { CatchupProgram, ProgramSchedule } from '@site/contract';
import { Dialog } from '../../features/dialog/Dialog';
import { Tabs } from '../../features/tabs/Tabs';
import { t } from '../../i18n/zh-TW';
import { openingDay, programmeDays, type ProgrammeRow } from './catchup';
import { onNowRow } from './on-now';
import { dateTabs } from './schedule';
import { useScrollLock } from './scroll-lock';
import './ProgrammeOverlay.css';
import './on-now.css';

/** 從頭看 or 回看 of a row the catch-up window has; its reason when it may not be played. */
function RowPlay({
  row,
  onPlay,
  onAhead,
}: {
  row: ProgrammeRow;
  onPlay: ((programStart: string) => void) | undefined;
  onAhead: ((programStart: string) => void) | undefined;
}) {
  const programme = row.catchup;
  if (!programme || !onPlay) return null;
  if (programme.catchup !== 'Y') {
    return programme.catchupDesc ? (
      <span className="programme-list__desc">{programme.catchupDesc}</span>
    ) : null;
  }
  const onAir = programme.onAir === 'Y';
  return (
    <button
      type="button"
      className="button programme-list__play"
      aria-label={
        onAir
          ? t.catchup.startOverName(row.programName)
          : t.catchup.catchUpName(row.startTime, row.programName)
      }
      onPointerEnter={() => onAhead?.(programme.programStart)}
      onClick={() => onPlay(programme.programStart)}
    >
      {onAir ? t.catchup.startOver : t.catchup.catchUp}
    </button>
  );
}

/**
 * SPEC §2 part 3: one tab per date ('date + weekday', Taipei), start times and programme names,
 * the first tab selected, the page not scrolling while it is open. A modal dialog: focus inside,
 * Escape closes, focus returns to the 節目表 button. With the channel's catch-up window (issue
 * 24) its past days come first (the schedule's first date still opens), and every programme of
 * the window has 回看 (從頭看 for the one on air), or the reason it has not.
 */
export function ProgrammeOverlay({
  channelName,
  schedule,
  catchup = [],
  onPlay,
  onAhead,
  onClose,
}: {
  channelName: string;
  schedule: ProgramSchedule;
  /** The channel's catch-up window (findCatchupProgramList), oldest first. */
  catchup?: readonly CatchupProgram[];
  /** Plays a programme of the window; none where this device does not play the channel. */
  onPlay?: ((programStart: string) => void) | undefined;
  /**
   * The pointer on a play control: its reply may be asked for ahead (not on focus: tabbing down
   * the list would ask for every programme).
   */
  onAhead?: ((programStart: string) => void) | undefined;
  onClose: () => void;
}) {
  useScrollLock();
  const days = programmeDays(dateTabs(schedule), catchup);
  // Decided when the list opens; a list left open across a programme change keeps its mark.
  const [onNow] = useState(() => onNowRow(schedule, Date.now()));
  const play = onPlay
    ? (programStart: string) => {
        onClose();
        onPlay(programStart);
      }
    : undefined;
  return (
    <Dialog title={t.live.programmeListOf(channelName)} onClose={onClose} size="wide">
      {days.length === 0 ? (
        <p>{t.live.noProgrammes}</p>
      ) : (
        <Tabs
          label={t.live.programmeDates}
          className="programme-tabs"
          defaultIndex={openingDay(days)}
          items={days.map((day) => ({
            key: day.date,
            title: day.label,
            panel: (
              <ol
                className="programme-list"
                // It scrolls: reachable from the keyboard, named by its date.
                tabIndex={0}
                aria-label={day.label}
              >
                {day.rows.map((row, index) => {
                  // The schedule's programme on air; the window's when the schedule has none.
                  const current = onNow
                    ? onNow.date === day.date && onNow.startTime === row.startTime
                    : row.catchup?.onAir === 'Y';
                  return (
                    <li
                      key={`${row.startTime}-${index}`}
                      className={`programme-list__item${current ? ' programme-list__item--now' : ''}`}
                      aria-current={current ? 'time' : undefined}
                    >
                      <time
                        className="programme-list__time"
                        dateTime={`${day.date}T${row.startTime}+08:00`}
                      >
                        {row.startTime}
                      </time>
                      <span className="programme-list__name">{row.programName}</span>
                      {current ? (
                        <span className="badge programme-list__now">{t.live.onNow}</span>
                      ) : null}
                      <RowPlay row={row} onPlay={play} onAhead={onAhead} />
                    </li>
                  );
                })}
              </ol>
            ),
          }))}
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t.live.close}
        </button>
      </div>
    </Dialog>
  );
}
