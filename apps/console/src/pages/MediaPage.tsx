import { consoleMediaCalls, type MediaJob } from '@site/contract/console';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../api/call';
import { CancelJobButton, JOBS_KEY } from '../media/CancelJob';
import { JobState } from '../media/JobState';
import { JOB_STATES, JOB_STATE_LABELS, isActive, jobsQueryFromSearch } from '../media/labels';
import { UploadPanel } from '../media/UploadPanel';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable, Pager } from '../ui/DataTable';

const PAGE_SIZE = 25;
const POLL_MS = 2000;
const column = createColumnHelper<MediaJob>();

/** Media (issue 22): upload a source video, and follow, open or cancel its transcoding job. */
export function MediaPage({ editable }: { editable: boolean }) {
  const [search, setSearch] = useSearchParams();
  const { state, page } = jobsQueryFromSearch(search);
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = '媒體 — 營運後台';
  }, []);

  const jobs = useQuery({
    queryKey: [...JOBS_KEY, { state, page }],
    queryFn: () => call(consoleMediaCalls.listJobs, { state, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // While a job may still change, ask again every 2 s.
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => isActive(job.state)) ? POLL_MS : false,
  });

  const columns = useMemo(
    () => [
      column.accessor('sourceName', {
        header: '檔名',
        cell: (info) => <Link to={`/media/${info.row.original.jobId}`}>{info.getValue()}</Link>,
      }),
      column.accessor('state', {
        header: '狀態',
        cell: (info) => <JobState job={info.row.original} />,
      }),
      column.accessor('encrypt', {
        header: '加密',
        cell: (info) => (info.getValue() ? '是' : '否'),
      }),
      column.accessor('createdBy', { header: '上傳者' }),
      column.accessor('createdAt', {
        header: '上傳時間',
        cell: (info) => formatTaipei(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: '動作',
        cell: (info) =>
          editable && isActive(info.row.original.state) ? (
            <CancelJobButton job={info.row.original} />
          ) : null,
      }),
    ],
    [editable],
  );

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || value === 1) next.delete(name);
      else next.set(name, String(value));
    }
    setSearch(next);
  };

  return (
    <>
      <h1>媒體</h1>
      {editable ? (
        <UploadPanel
          onQueued={() => {
            void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
          }}
        />
      ) : (
        <p>您的角色只能檢視轉檔工作。</p>
      )}
      <h2>轉檔工作</h2>
      <form className="filters" role="search" aria-label="篩選轉檔工作">
        <div className="field">
          <label htmlFor="job-state">狀態</label>
          <select
            id="job-state"
            value={state ?? ''}
            onChange={(event) => update({ state: event.target.value, page: undefined })}
          >
            <option value="">全部</option>
            {JOB_STATES.map((one) => (
              <option key={one} value={one}>
                {JOB_STATE_LABELS[one]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {jobs.isError && <Alert>{jobs.error.message}</Alert>}
      <DataTable
        caption="轉檔工作清單（新的在前）"
        columns={columns}
        data={jobs.data?.jobs ?? []}
        rowKey={(row) => row.jobId}
        busy={jobs.isPending}
      />
      {jobs.data && (
        <Pager
          page={jobs.data.page}
          pageSize={PAGE_SIZE}
          total={jobs.data.total}
          onPage={(next) => update({ page: next })}
        />
      )}
    </>
  );
}
