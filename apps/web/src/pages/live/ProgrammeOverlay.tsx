import type { ProgramSchedule } from '@site/contract';
import { Dialog } from '../../features/dialog/Dialog';
import { Tabs } from '../../features/tabs/Tabs';
import { t } from '../../i18n/zh-TW';
import { dateTabs } from './schedule';
import { useScrollLock } from './scroll-lock';
import './ProgrammeOverlay.css';

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
                {tab.programmes.map((programme, index) => (
                  <li key={`${programme.startTime}-${index}`} className="programme-list__item">
                    <time
                      className="programme-list__time"
                      dateTime={`${tab.date}T${programme.startTime}+08:00`}
                    >
                      {programme.startTime}
                    </time>
                    <span className="programme-list__name">{programme.programName}</span>
                  </li>
                ))}
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
