import {
  DRAW_STATE_LABELS,
  consoleDrawCalls,
  drawStateSchema,
  type ConsoleDrawActivity,
  type DrawState,
} from '@site/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../api/call';
import { DRAWS_KEY } from '../draws/download';
import { formatCount, formatOdds } from '../draws/labels';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable, Pager } from '../ui/DataTable';

const PAGE_SIZE = 25;
const column = createColumnHelper<ConsoleDrawActivity>();
const STATES = drawStateSchema.options;

/** 抽獎活動 (issue 25 item 7): running, then scheduled, then ended, with their figures. */
export function DrawsPage({ editable }: { editable: boolean }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const stateParam = search.get('state');
  const state = STATES.includes(stateParam as DrawState) ? (stateParam as DrawState) : undefined;
  useEffect(() => {
    document.title = '抽獎活動 — 營運後台';
  }, []);
  const list = useQuery({
    queryKey: [...DRAWS_KEY, { page, state }],
    queryFn: () =>
      call(consoleDrawCalls.listActivities, {
        page,
        pageSize: PAGE_SIZE,
        ...(state ? { state } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: '活動',
        cell: (info) => (
          <Link to={`/draws/${info.row.original.activityId}`}>
            {info.getValue() || info.row.original.activityId}
          </Link>
        ),
      }),
      column.accessor('channelName', { header: '頻道' }),
      column.accessor('startAt', { header: '開始', cell: (info) => formatTaipei(info.getValue()) }),
      column.accessor('endAt', { header: '結束', cell: (info) => formatTaipei(info.getValue()) }),
      column.accessor('state', {
        header: '狀態',
        cell: (info) => DRAW_STATE_LABELS[info.getValue()],
      }),
      column.accessor('odds', { header: '中獎機率', cell: (info) => formatOdds(info.getValue()) }),
      column.accessor('participants', {
        header: '參加人數',
        cell: (info) => formatCount(info.getValue()),
      }),
      column.accessor('draws', {
        header: '抽獎次數',
        cell: (info) => formatCount(info.getValue()),
      }),
      column.accessor('won', {
        header: '已送出獎項',
        cell: (info) => formatCount(info.getValue()),
      }),
      column.accessor('remaining', {
        header: '剩餘獎項',
        cell: (info) => formatCount(info.getValue()),
      }),
    ],
    [],
  );
  const setParam = (name: string, value: string | null) => {
    const params = new URLSearchParams(search);
    if (value === null) params.delete(name);
    else params.set(name, value);
    if (name !== 'page') params.delete('page');
    setSearch(params);
  };
  return (
    <>
      <div className="page-head">
        <h1>抽獎活動</h1>
        {editable && (
          <Link className="button" to="/draws/new">
            新增抽獎活動
          </Link>
        )}
      </div>
      {!editable && <p>您的角色只能檢視抽獎活動與中獎名單。</p>}
      <div className="field">
        <label htmlFor="draw-state-filter">狀態</label>
        <select
          id="draw-state-filter"
          value={state ?? ''}
          onChange={(event) => setParam('state', event.target.value || null)}
        >
          <option value="">全部</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {DRAW_STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {list.isError && <Alert>{list.error.message}</Alert>}
      <DataTable
        caption="抽獎活動清單（進行中、尚未開始（近的在前）、已結束（新的在前））"
        columns={columns}
        data={list.data?.activities ?? []}
        rowKey={(row) => row.activityId}
        busy={list.isPending}
      />
      {list.data && (
        <Pager
          page={list.data.page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={(next) => setParam('page', next === 1 ? null : String(next))}
        />
      )}
    </>
  );
}
