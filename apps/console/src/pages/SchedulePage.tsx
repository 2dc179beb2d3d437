import { consoleScheduleCalls, type ConsoleProgramme } from '@site/contract/console';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call, ConsoleCallError } from '../api/call';
import { CopyPanel } from '../schedule/CopyPanel';
import { addDays, dateOf, dayStart, mondayOf, weekDays } from '../schedule/grid';
import { ProgrammeDialog } from '../schedule/ProgrammeDialog';
import { blankForm, formOf, type ProgrammeForm } from '../schedule/programme-form';
import { WeekGrid } from '../schedule/WeekGrid';
import { Alert } from '../ui/Alert';

export const SCHEDULE_KEY = ['console', 'schedule'] as const;

/**
 * 節目排程 (issue 25 item 2): a channel's Taipei week (Monday first), previous and next week and a
 * date picker; programmes added, moved, resized and deleted in the grid or in the dialog; a day
 * or a week copied. The week of every channel comes in one call (switching channels is instant).
 */
export function SchedulePage({ editable }: { editable: boolean }) {
  const [search, setSearch] = useSearchParams();
  const client = useQueryClient();
  // When the page opened: today's week, and 'now' until the server's answer says it.
  const [opened] = useState(() => Math.floor(Date.now() / 1000));
  const today = dateOf(opened);
  const asked = search.get('date') ?? today;
  const date = mondayOf(dayStart(asked) === null ? today : asked);
  const days = weekDays(date);
  const [dialog, setDialog] = useState<{
    programme: ConsoleProgramme | null;
    form: ProgrammeForm;
  } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    document.title = '節目排程 — 營運後台';
  }, []);
  const week = useQuery({
    queryKey: [...SCHEDULE_KEY, date],
    queryFn: () => call(consoleScheduleCalls.week, { date }),
    placeholderData: keepPreviousData,
  });
  const assets = useQuery({
    queryKey: [...SCHEDULE_KEY, 'assets'],
    queryFn: () => call(consoleScheduleCalls.assets),
    staleTime: 60_000,
  });
  const channels = week.data?.channels ?? [];
  const channelId = search.get('channel') ?? channels[0]?.channelId ?? '';
  const channel = channels.find((c) => c.channelId === channelId);
  const now = week.data?.now ?? opened;
  const go = (patch: Record<string, string>) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      for (const [k, v] of Object.entries(patch)) next.set(k, v);
      return next;
    });
  const refresh = () => client.invalidateQueries({ queryKey: SCHEDULE_KEY });

  async function drop(p: ConsoleProgramme, start: number, end: number) {
    setMessage(null);
    try {
      await call(consoleScheduleCalls.changeProgramme, {
        programmeId: p.programmeId,
        start,
        end,
        title: p.title,
        description: p.description,
        clipId: p.clipId,
        blackout: p.blackout,
      });
    } catch (error) {
      setMessage(
        error instanceof ConsoleCallError ? error.message : '發生未預期的錯誤，請再試一次。',
      );
    }
    await refresh();
  }

  return (
    <div className="schedule-page">
      <h1>節目排程</h1>
      <div className="schedule-toolbar">
        <label>
          頻道{' '}
          <select value={channelId} onChange={(e) => go({ channel: e.target.value })}>
            {channels.map((c) => (
              <option key={c.channelId} value={c.channelId}>
                {c.name}（{c.channelId}）
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => go({ date: addDays(date, -7) })}
        >
          上一週
        </button>
        <label>
          日期{' '}
          <input
            type="date"
            value={asked}
            onChange={(e) => e.target.value && go({ date: e.target.value })}
          />
        </label>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => go({ date: addDays(date, 7) })}
        >
          下一週
        </button>
        <button type="button" className="button button--quiet" onClick={() => go({ date: today })}>
          本週
        </button>
        {editable && channel && (
          <button
            type="button"
            className="button"
            onClick={() =>
              setDialog({ programme: null, form: blankForm(Math.ceil(now / 3600) * 3600) })
            }
          >
            新增節目
          </button>
        )}
        {editable && <Link to="/schedule/xmltv">匯入 XMLTV</Link>}
      </div>
      <p className="schedule-week" aria-live="polite">
        {days[0]!.label} – {days[6]!.label}，台北時間
        {channel ? `；${channel.name} ${channel.programmes.length} 個節目` : ''}
      </p>
      {week.isError && <Alert>{(week.error as Error).message}</Alert>}
      {message && <Alert>{message}</Alert>}
      {channel && (
        <WeekGrid
          days={days}
          programmes={channel.programmes}
          now={now}
          editable={editable}
          onOpen={(programme) => setDialog({ programme, form: formOf(programme) })}
          onAdd={(start) => setDialog({ programme: null, form: blankForm(start) })}
          onDrop={(p, start, end) => void drop(p, start, end)}
        />
      )}
      {editable && channel && (
        <CopyPanel channelId={channel.channelId} week={date} onCopied={() => void refresh()} />
      )}
      {dialog && channel && (
        <ProgrammeDialog
          channelId={channel.channelId}
          programme={dialog.programme}
          initial={dialog.form}
          assets={assets.data?.assets ?? []}
          now={now}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
