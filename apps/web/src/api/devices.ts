import { useQuery } from '@tanstack/react-query';
import { callRoutes, deviceListReplySchema, type CallReply, type LoginInfo } from '@site/contract';
import { call } from './client';
import { memberKey, retryTransient } from './session';

/** Registered devices and concurrent streams (contract registered-devices.ts, docs/adr/0042). */

export type DeviceList = CallReply<typeof callRoutes.findDeviceList>;

const schemas = import.meta.env.DEV ? { list: deviceListReplySchema.shape.data } : undefined;

export const deviceListKey = (info: Pick<LoginInfo, 'accountID'>) => memberKey(info, 'devices');

/** ajaxFindDeviceList.do: the account's devices, its limits and the streams playing now. */
export function useDeviceList(info: LoginInfo | undefined) {
  return useQuery({
    queryKey: deviceListKey(info ?? { accountID: '' }),
    queryFn: ({ signal }) => call(callRoutes.findDeviceList, {}, { check: schemas?.list, signal }),
    enabled: info?.isLogin === 'Y',
    retry: retryTransient,
    staleTime: 0,
  });
}

export function renameDevice(deviceKey: string, name: string) {
  return call(callRoutes.renameDevice, { deviceKey, name });
}

/** Removes a device: its sessions (this browser's too, if it is this one) and streams end. */
export function removeDevice(deviceKey: string) {
  return call(callRoutes.removeDevice, { deviceKey });
}

/** 「停止該裝置播放」: that player stops at its next heartbeat or bookmark. */
export function stopStream(streamId: string) {
  return call(callRoutes.stopStream, { streamId });
}
