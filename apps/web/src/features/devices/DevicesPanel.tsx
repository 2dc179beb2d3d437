import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pageRoutes, type RegisteredDevice } from '@site/contract';
import { deviceListKey, useDeviceList } from '../../api/devices';
import { refreshSession, useLoginInfo } from '../../api/session';
import { paths } from '../../routing/paths';
import { FormMessage } from '../forms/FormMessage';
import { LoadError } from '../load-error/LoadError';
import { t } from '../../i18n/zh-TW';
import './devices.css';
import { DeviceItem } from './DeviceItem';
import { Streams } from './PlayingStreams';
import { RemoveDialog } from './RemoveDeviceDialog';

const d = t.devices;

/**
 * 裝置管理 (issue 23 items 3 and 4): the account's registered devices (name, type, registered and
 * last used, 這部裝置, 播放中) with rename and remove, the limits, and the streams playing now
 * with 「停止該裝置播放」. Removing this browser's own device logs it out (to the login page).
 * The page around it gives the heading and refuses kid sessions.
 */
export function DevicesPanel() {
  const info = useLoginInfo().data;
  const list = useDeviceList(info);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<RegisteredDevice | undefined>();
  const [done, setDone] = useState('');

  const reload = () =>
    info ? queryClient.invalidateQueries({ queryKey: deviceListKey(info) }) : Promise.resolve();

  if (list.isError) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <p role="status">{t.common.loading}</p>;
  const data = list.data;

  const onRemoved = async (device: RegisteredDevice) => {
    if (device.current === 'Y') {
      await refreshSession(queryClient);
      navigate(paths.login(pageRoutes.accountCentre));
      return;
    }
    setRemoving(undefined);
    setDone(d.removed(device.name));
    await reload();
  };

  return (
    <div className="devices">
      <p className="page__intro">{d.intro}</p>
      <p className="devices__limits">
        <span>{d.deviceCount(data.devices.length, data.maxDevices)}</span>
        <span>{d.streamLimit(data.maxStreams)}</span>
      </p>
      <div role="group" aria-label={d.listLabel}>
        <ul className="devices__list">
          {data.devices.map((device) => (
            <DeviceItem
              key={device.deviceKey}
              device={device}
              onRenamed={(name) => {
                setDone(d.renamed(name));
                void reload();
              }}
              onRemove={() => {
                setDone('');
                setRemoving(device);
              }}
            />
          ))}
        </ul>
      </div>
      <FormMessage success={done} />
      <h3>{d.streamsHeading}</h3>
      <Streams
        list={data}
        onStopped={(name) => {
          setDone(d.stopped(name));
          void reload();
        }}
      />
      {removing ? (
        <RemoveDialog
          device={removing}
          onClose={() => setRemoving(undefined)}
          onRemoved={() => onRemoved(removing)}
        />
      ) : null}
    </div>
  );
}
