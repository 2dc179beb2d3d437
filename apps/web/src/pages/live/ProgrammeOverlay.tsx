import { useState } from 'react';
import type { ProgramSchedule } from '@site/contract';
import { Dialog } from '../../features/dialog/Dialog';
import { Tabs } from '../../features/tabs/Tabs';
import { t } from '../../i18n/zh-TW';
import { onNowRow } from './on-now';
import { dateTabs } from './schedule';
import { useScrollLock } from './scroll-lock';
import './ProgrammeOverlay.css';
import './on-now.css';

/**
 * SPEC §2 part 3: one tab per date ('date + weekday', Taipei), start times and programme names,
 * the first tab selected, the page not scrolling while it is open. A modal dialog: focus inside,
 * Escape closes, focus returns to the 節目表 button.
 */
export function ProgrammeOverlay({
  channelName,
  schedule,
  onClose,
}: {
  channelName: string;
  schedule: ProgramSchedule;
  onClose: () => void;
}) {
  useScrollLock();
  const tabs = dateTabs(schedule);
  // Decided when the list opens; a list left open across a programme change keeps its mark.
  const [onNow] = useState(() => onNowRow(schedule, Date.now()));
  return (
    <Dialog title={t.live.programmeListOf(channelName)} onClose={onClose} size="wide">
      {tabs.length === 0 ? (
        <p>{t.live.noProgrammes}</p>
      ) : (
        <Tabs
          label={t.live.programmeDates}
          className="programme-tabs"
          items={tabs.map((tab) => ({
            key: tab.date,
            title: tab.label,
            panel: (
              <ol
                className="programme-list"
                // It scrolls: reachable from the keyboard, named by its date.
                tabIndex={0}
                aria-label={tab.label}
              >
                {tab.programmes.map((programme, index) => {
                  const current =
                    onNow?.date === tab.date && onNow.startTime === programme.startTime;
                  return (
                    <li
                      key={`${programme.startTime}-${index}`}
                      className={`programme-list__item${current ? ' programme-list__item--now' : ''}`}
                      aria-current={current ? 'time' : undefined}
                    >
                      <time
                        className="programme-list__time"
                        dateTime={`${tab.date}T${programme.startTime}+08:00`}
                      >
                        {programme.startTime}
                      </time>
                      <span className="programme-list__name">{programme.programName}</span>
                      {current ? (
                        <span className="badge programme-list__now">{t.live.onNow}</span>
                      ) : null}
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
