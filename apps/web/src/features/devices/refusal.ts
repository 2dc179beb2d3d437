import type { ActiveStream, RegisteredDevice } from '@site/contract';
import { ApiError } from '../../api/client';

/** The error codes of registered devices and concurrent streams (contract errors.ts, HTTP 409). */
export const DEVICE_LIMIT = 'DEVICE_LIMIT';
export const STREAM_LIMIT = 'STREAM_LIMIT';
export const STREAM_STOPPED = 'STREAM_STOPPED';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null;
const yn = (value: unknown): 'Y' | 'N' => (value === 'Y' ? 'Y' : 'N');
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const seconds = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

function rowsOf(error: unknown, code: string, key: string): Row[] | undefined {
  if (!(error instanceof ApiError) || error.code !== code) return undefined;
  const rows = error.data[key];
  return Array.isArray(rows) ? rows.filter(isRow) : [];
}

/**
 * A login refused with DEVICE_LIMIT: the registered devices, one of which to remove (those without
 * a deviceKey cannot be named, so they are left out). Undefined for any other error.
 */
export function devicesOfRefusal(error: unknown): RegisteredDevice[] | undefined {
  return rowsOf(error, DEVICE_LIMIT, 'devices')
    ?.filter((row) => text(row.deviceKey) !== '')
    .map((row) => ({
      deviceKey: text(row.deviceKey),
      name: text(row.name),
      deviceType: text(row.deviceType),
      registeredAt: seconds(row.registeredAt),
      lastSeenAt: seconds(row.lastSeenAt),
      current: yn(row.current),
      playing: yn(row.playing),
    }));
}

/**
 * A play refused with STREAM_LIMIT: the streams playing now, one of which to stop (those without
 * a streamId cannot be stopped, so they are left out). Undefined for any other error.
 */
export function streamsOfRefusal(error: unknown): ActiveStream[] | undefined {
  return rowsOf(error, STREAM_LIMIT, 'streams')
    ?.filter((row) => text(row.streamId) !== '')
    .map((row) => ({
      streamId: text(row.streamId),
      deviceKey: text(row.deviceKey),
      deviceName: text(row.deviceName),
      playing: text(row.playing),
      startedAt: seconds(row.startedAt),
      current: yn(row.current),
    }));
}

/** A heartbeat or bookmark refused with STREAM_STOPPED: the server's words; else undefined. */
export function stoppedMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === STREAM_STOPPED ? error.message : undefined;
}
