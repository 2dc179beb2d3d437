import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_COOKIE, deviceIdSchema } from '@site/contract';
import type { Viewer } from '../accounts/viewer.js';
import type { Streamer } from './stream-leases.js';

/**
 * Which device a signed-in viewer plays on: the session's registered device; for a session opened
 * before devices were registered, the browser's deviceId cookie, else the session itself.
 */
export function streamerOf(viewer: Viewer, request?: FastifyRequest): Streamer {
  const cookie = request?.cookies[DEVICE_ID_COOKIE];
  const deviceId =
    viewer.deviceId ??
    (cookie && deviceIdSchema.safeParse(cookie).success
      ? cookie
      : `session-${viewer.sessionHash.slice(0, 32)}`);
  return {
    accountId: viewer.accountId,
    subAccountUid: viewer.subAccount.sub_account_uid,
    deviceId,
  };
}
