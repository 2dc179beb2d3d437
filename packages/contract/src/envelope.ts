import { z } from 'zod';

/** The success code of every reply (SPEC §7: "A success status code is the string '0'"). */
export const SUCCESS_CODE = '0';

export const statusSchema = z.object({
  code: z.string().describe("'0' on success, otherwise an error code of the catalogue"),
  message: z.string().describe('zh-TW text a person can read; empty on success'),
});

/** Every JSON reply: `{"status":{"code":"0","message":""},"data":{…}}` (DESIGN §4). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ status: statusSchema, data });
}

export const errorEnvelopeSchema = z.object({
  status: statusSchema,
  data: z.object({
    fields: z.array(z.object({ name: z.string(), problem: z.string() })).optional(),
    /** DEVICE_LIMIT: the account's registered devices, one of which to remove (devices.ts). */
    devices: z.array(z.record(z.string(), z.unknown())).optional(),
    /** STREAM_LIMIT: the streams playing now, one of which to stop (devices.ts). */
    streams: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
});

export type Status = z.infer<typeof statusSchema>;
export interface Envelope<T> {
  status: Status;
  data: T;
}
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
