import {
  CHANNEL_SOURCE_LABELS,
  PLAY_RIGHT_LABELS,
  consoleChannelCalls,
  type Lineup,
} from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ConsoleCallError, call } from '../api/call';
import { LINEUP_KEY } from '../lineup/keys';
import { Alert } from '../ui/Alert';
import { Field, describedBy } from '../ui/form';
import { OrderEditor, type OrderMessage } from '../ui/OrderEditor';

/**
 * 頻道: the channel line-up (issue 25 item 1, docs/adr/0047). The channels, the groups (the live
 * page's tabs) and each group's channels put in order by dragging or with 上移/下移, new groups,
 * the default channel and the stream-host rules. The auditor looks.
 */
export function ChannelsPage({ editable }: { editable: boolean }) {
  useEffect(() => {
    document.title = '頻道 — 營運後台';
  }, []);
  const loaded = useQuery({
    queryKey: LINEUP_KEY,
    queryFn: () => call(consoleChannelCalls.getLineup),
  });
  if (loaded.isPending) return <p aria-busy="true">載入中…</p>;
  if (loaded.isError) return <Alert>{loaded.error.message}</Alert>;
  const lineup = loaded.data;
  return (
    <>
      <h1>頻道</h1>
      {editable && (
        <p>
          <Link className="button" to="/channels/new">
            新增頻道
          </Link>
        </p>
      )}
      <section className="panel" aria-labelledby="channels-heading">
        <h2 id="channels-heading">頻道列表</h2>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">代碼</th>
                <th scope="col">名稱</th>
                <th scope="col">來源</th>
                <th scope="col">收看權利</th>
                <th scope="col">網頁播放</th>
              </tr>
            </thead>
            <tbody>
              {lineup.channels.map((c) => (
                <tr key={c.channelId}>
                  <td>{c.channelId}</td>
                  <td>
                    <Link to={`/channels/${encodeURIComponent(c.channelId)}`}>{c.name}</Link>
                  </td>
                  <td>{CHANNEL_SOURCE_LABELS[c.source]}</td>
                  <td>{PLAY_RIGHT_LABELS[c.playRightType]}</td>
                  <td>{c.allowWeb ? '是' : '否'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Groups lineup={lineup} editable={editable} />
      {editable && <NewGroup />}
      <Settings lineup={lineup} editable={editable} />
    </>
  );
}

function Groups({ lineup, editable }: { lineup: Lineup; editable: boolean }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<OrderMessage | null>(null);
  const [messages, setMessages] = useState<Record<string, OrderMessage | null>>({});
  const names = new Map(lineup.channels.map((c) => [c.channelId, c.name]));
  const saved = (data: Lineup) => {
    queryClient.setQueryData(LINEUP_KEY, data);
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: LINEUP_KEY });
  const groupItems = lineup.groups.map((g) => ({ id: g.channelGroupId, name: g.title }));
  return (
    <>
      <OrderEditor
        key={groupItems.map((g) => g.id).join(',')}
        list="channel-groups"
        label="頻道群組（直播頁的分頁）"
        editable={editable}
        loaded={groupItems}
        message={message}
        setMessage={setMessage}
        onSave={async (seen, order) => {
          const data = await call(consoleChannelCalls.setGroupsOrder, { seen, order });
          saved(data);
          return data.groups.map((g) => ({ id: g.channelGroupId, name: g.title }));
        }}
        onSaved={() => undefined}
        onReload={reload}
      />
      {lineup.groups.map((group) => {
        const items = group.channelIds.map((id) => ({ id, name: names.get(id) ?? id }));
        return (
          <OrderEditor
            key={`${group.channelGroupId}:${group.channelIds.join(',')}`}
            list={`group-${group.channelGroupId}`}
            label={`群組「${group.title}」的頻道`}
            editable={editable}
            loaded={items}
            message={messages[group.channelGroupId] ?? null}
            setMessage={(m) => setMessages((all) => ({ ...all, [group.channelGroupId]: m }))}
            onSave={async (seen, order) => {
              const data = await call(consoleChannelCalls.setGroupOrder, {
                channelGroupId: group.channelGroupId,
                seen,
                order,
              });
              saved(data);
              const after = data.groups.find((g) => g.channelGroupId === group.channelGroupId);
              return (after?.channelIds ?? []).map((id) => ({ id, name: names.get(id) ?? id }));
            }}
            onSaved={() => undefined}
            onReload={reload}
          />
        );
      })}
    </>
  );
}

function NewGroup() {
  const queryClient = useQueryClient();
  const [id, setId] = useState('');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const data = await call(consoleChannelCalls.createGroup, { channelGroupId: id, title });
      queryClient.setQueryData(LINEUP_KEY, data);
      setId('');
      setTitle('');
    } catch (error) {
      setProblem(
        error instanceof ConsoleCallError
          ? (error.fields[0]?.problem ?? error.message)
          : '發生未預期的錯誤，請再試一次。',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-labelledby="new-group-heading">
      <h2 id="new-group-heading">新增頻道群組</h2>
      <form onSubmit={(e) => void submit(e)} className="form-grid" noValidate>
        {problem && <Alert>{problem}</Alert>}
        <Field id="group-id" label="群組代碼（英數字）">
          <input type="text" id="group-id" value={id} onChange={(e) => setId(e.target.value)} />
        </Field>
        <Field id="group-title" label="群組名稱">
          <input
            type="text"
            id="group-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            新增群組
          </button>
        </div>
      </form>
    </section>
  );
}

function Settings({ lineup, editable }: { lineup: Lineup; editable: boolean }) {
  const queryClient = useQueryClient();
  const [defaultChannelId, setDefault] = useState(lineup.settings.defaultChannelId);
  const [rules, setRules] = useState(lineup.settings.streamHostRules);
  const [message, setMessage] = useState<OrderMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const data = await call(consoleChannelCalls.setSettings, {
        defaultChannelId,
        streamHostRules: rules,
      });
      queryClient.setQueryData(LINEUP_KEY, data);
      setMessage({ tone: 'info', text: '已儲存直播設定，所有伺服器立即生效。' });
    } catch (error) {
      const text =
        error instanceof ConsoleCallError
          ? (error.fields[0]?.problem ?? error.message)
          : '發生未預期的錯誤，請再試一次。';
      setMessage({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">直播設定</h2>
      <form onSubmit={(e) => void submit(e)} className="form-grid" noValidate>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <Field id="settings-default" label="預設頻道（直播頁未指定頻道時開啟）">
          <select
            {...describedBy('settings-default', null)}
            value={defaultChannelId}
            disabled={!editable}
            onChange={(e) => setDefault(e.target.value)}
          >
            <option value="">第一個播出中的免費頻道</option>
            {lineup.channels.map((c) => (
              <option key={c.channelId} value={c.channelId}>
                {c.name}（{c.channelId}）
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="settings-rules"
          label="串流主機規則"
          hint="每條為「頻道名稱規則=>主機」，以 ; 分隔，第一條相符者生效；例如 體育|棒球=>sport-live.example.com"
        >
          <textarea
            rows={3}
            {...describedBy('settings-rules', null, true)}
            value={rules}
            readOnly={!editable}
            onChange={(e) => setRules(e.target.value)}
          />
        </Field>
        {editable && (
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              儲存直播設定
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
