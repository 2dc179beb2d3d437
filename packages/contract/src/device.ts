import { z } from 'zod';
import { envelopeOf } from './envelope.js';

/** SPEC §3 "Session and device context": the device families the service gateway knows. */
export const deviceTypes = [
  'PC',
  'Android',
  'iPhone',
  'iPad',
  'iOS',
  'Handset',
  'Tablet',
  'Chromecast',
] as const;
export const deviceTypeSchema = z.enum(deviceTypes);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** SPEC §7 Activity log: PC browsers log as Web, everything else as MobileWeb. */
export const userPlatformSchema = z.enum(['Web', 'MobileWeb']);
export type UserPlatform = z.infer<typeof userPlatformSchema>;

/** What the site works out from the browser's User-Agent for the gateway and the activity log. */
export const deviceContextSchema = z.object({
  deviceType: deviceTypeSchema,
  supportAVOD: z
    .enum(['Y', 'N'])
    .describe('Whether ad-supported (AVOD) titles may play here (SPEC §6)'),
  userPlatform: userPlatformSchema,
});
export type DeviceContextData = z.infer<typeof deviceContextSchema>;
export const deviceContextReplySchema = envelopeOf(deviceContextSchema);
