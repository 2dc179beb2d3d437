import { consoleDrawCalls } from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../api/call';
import { DrawForm } from '../draws/DrawForm';
import { DRAWS_KEY } from '../draws/download';
import { Alert } from '../ui/Alert';

/** 新增抽獎活動: channel, window, prize pool, odds and who may draw. */
export function NewDrawPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = '新增抽獎活動 — 營運後台';
  }, []);
  // The channels to pick from come with the list (one row is enough).
  const channels = useQuery({
    queryKey: [...DRAWS_KEY, 'channels'],
    queryFn: async () =>
      (await call(consoleDrawCalls.listActivities, { page: 1, pageSize: 1 })).channels,
  });
  return (
    <>
      <h1>新增抽獎活動</h1>
      {channels.isError && <Alert>{channels.error.message}</Alert>}
      {channels.isPending ? (
        <p aria-busy="true">載入中…</p>
      ) : (
        <DrawForm
          channels={channels.data ?? []}
          onDone={(saved) => {
            void queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
            void navigate(saved ? `/draws/${saved.activityId}` : '/draws', {
              state: saved ? { created: true } : null,
            });
          }}
        />
      )}
    </>
  );
}
