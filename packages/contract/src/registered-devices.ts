import { z } from 'zod';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';
import { emptyReplySchema } from './accounts.js';
import { contentIdSchema, deviceKeySchema, plainId, streamIdSchema } from './fields.js';

/**
 * Registered devices and concurrent streams (issue 23 items 3–5, docs/adr/0042). A device is a
 * browser (its deviceId cookie) or an app install (the app's device id); the member sees it by a
 * public `deviceKey`, never by the id the device itself sends. A stream is a lease taken when
 * playback is granted and renewed by the 30 s heartbeats and bookmarks.
 */
export const DEFAULT_MAX_DEVICES = 7;
export const DEFAULT_MAX_STREAMS = 3;
/** A lease lapses this long after its last renewal. */
export const STREAM_LEASE_SECONDS = 90;
export const DEVICE_NAME_MAX_LENGTH = 30;

const yn = z.enum(['Y', 'N']);
const unixSeconds = z.number().int();

export const registeredDeviceSchema = z.object({
  deviceKey: z.string(),
  /** The member's name for it, or one made from its user agent ('Chrome（Windows）'). */
  name: z.string(),
  deviceType: z.string(),
  registeredAt: unixSeconds,
  lastSeenAt: unixSeconds,
  /** 'Y' for the device asking. */
  current: yn,
  /** 'Y' while it holds a stream. */
  playing: yn,
});
export type RegisteredDevice = z.infer<typeof registeredDeviceSchema>;

export const activeStreamSchema = z.object({
  streamId: z.string(),
  deviceKey: z.string(),
  deviceName: z.string(),
  /** What it plays: a title's or a channel's name. */
  playing: z.string(),
  startedAt: unixSeconds,
  current: yn,
});
export type ActiveStream = z.infer<typeof activeStreamSchema>;

/** The `data` of a DEVICE_LIMIT refusal (login): the devices, one of which to remove. */
export const deviceLimitDataSchema = z.object({
  maxDevices: z.number().int(),
  devices: z.array(registeredDeviceSchema),
});
/** The `data` of a STREAM_LIMIT refusal (play right, live switch, StartStream). */
export const streamLimitDataSchema = z.object({
  maxStreams: z.number().int(),
  streams: z.array(activeStreamSchema),
});

export const deviceListReplySchema = envelopeOf(
  z.object({
    maxDevices: z.number().int(),
    maxStreams: z.number().int(),
    devices: z.array(registeredDeviceSchema),
    streams: z.array(activeStreamSchema),
  }),
);

export const renameDeviceBodySchema = z.object({
  deviceKey: deviceKeySchema,
  name: z
    .string()
    .trim()
    .min(1, '請輸入裝置名稱。')
    .max(DEVICE_NAME_MAX_LENGTH, `裝置名稱最多 ${DEVICE_NAME_MAX_LENGTH} 個字。`),
});
export const removeDeviceBodySchema = z.object({ deviceKey: deviceKeySchema });
export const stopStreamBodySchema = z.object({ streamId: streamIdSchema });

const tags = ['devices'];

/** The site face's device and stream calls, described once (issue 21, call.ts). */
export const deviceCalls = {
  findDeviceList: describeCall({
    method: 'GET',
    path: siteCalls.findDeviceList,
    summary: "The account's registered devices and the streams playing now",
    tags,
    reply: deviceListReplySchema,
    access: { who: 'adult', kidRefusal: 'devices' },
    cache: 'private',
  }),
  renameDevice: describeCall({
    method: 'POST',
    path: siteCalls.renameDevice,
    summary: 'Rename a registered device',
    tags,
    input: renameDeviceBodySchema,
    reply: emptyReplySchema,
    access: { who: 'adult', kidRefusal: 'devices' },
  }),
  removeDevice: describeCall({
    method: 'POST',
    path: siteCalls.removeDevice,
    summary: 'Remove a registered device: its sessions and streams end',
    tags,
    input: removeDeviceBodySchema,
    reply: emptyReplySchema,
    access: { who: 'adult', kidRefusal: 'devices' },
  }),
  stopStream: describeCall({
    method: 'POST',
    path: siteCalls.stopStream,
    summary: 'Stop a stream of the account (「停止該裝置播放」): its player stops within 60 s',
    tags,
    input: stopStreamBodySchema,
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
};

// ---- Gateway face (DESIGN §4: /gw/VerbNoun.json, signed with chl/chk, the viewer by ssoSession) --

/** The app install's own id, sent at /gw/Login.json and kept by the app. */
export const appDeviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, '裝置識別碼格式不正確。');

export const gatewayDevicePaths = {
  findDeviceList: '/gw/FindDeviceList.json',
  renameDevice: '/gw/RenameDevice.json',
  removeDevice: '/gw/RemoveDevice.json',
  startStream: '/gw/StartStream.json',
  renewStream: '/gw/RenewStream.json',
  stopStream: '/gw/StopStream.json',
} as const;

const sso = z.string().min(20).max(100);
export const gatewaySsoBodySchema = z.object({ ssoSession: sso });
export const gatewayRenameDeviceBodySchema = renameDeviceBodySchema.extend({ ssoSession: sso });
export const gatewayRemoveDeviceBodySchema = removeDeviceBodySchema.extend({ ssoSession: sso });
/** One of contentId (a title) or channelId (a live channel). */
export const gatewayStartStreamBodySchema = z
  .object({
    ssoSession: sso,
    contentId: contentIdSchema.optional(),
    channelId: plainId(40, '頻道代碼格式不正確。').optional(),
  })
  .refine((b) => (b.contentId === undefined) !== (b.channelId === undefined), {
    message: '請指定一部影片（contentId）或一個頻道（channelId）。',
    path: ['contentId'],
  });
export const gatewayStreamBodySchema = z.object({ ssoSession: sso, streamId: streamIdSchema });
export const streamLeaseReplySchema = envelopeOf(
  z.object({
    streamId: z.string(),
    /** Unix seconds when the lease lapses unless renewed. */
    expiresAt: unixSeconds,
    /** Renew at least this often (the heartbeat's period). */
    renewEverySeconds: z.number().int(),
  }),
);
