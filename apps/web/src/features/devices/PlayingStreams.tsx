import { useState } from 'react';
import type { DeviceList } from '../../api/devices';
import { formError } from '../forms/field-errors';
import { FormMessage } from '../forms/FormMessage';
import { useAction } from '../forms/use-action';
import { t } from '../../i18n/zh-TW';
import { StreamStopList, stopStreamIfAny } from './StreamLimit';

const d = t.devices;

/** The streams playing now, each with 「停止該裝置播放」. */
export function Streams({
  list,
  onStopped,
}: {
  list: DeviceList;
  onStopped: (name: string) => void;
}) {
  const action = useAction();
  const [stopping, setStopping] = useState('');
  if (list.streams.length === 0) return <p>{d.noStreams}</p>;
  const stop = async (streamId: string, name: string) => {
    if (action.pending) return;
    setStopping(streamId);
    const ok = await action.perform(async () => {
      await stopStreamIfAny(streamId);
      return '';
    });
    setStopping('');
    if (ok) onStopped(name);
  };
  return (
    <>
      <StreamStopList
        streams={list.streams}
        stopping={stopping}
        pending={action.pending}
        onStop={(stream) => stop(stream.streamId, stream.deviceName)}
      />
      <FormMessage error={formError(action.error, t.common.actionFailed)} />
    </>
  );
}
