import {
  AD_CAP_MAX,
  adCampaignStateSchema,
  clickThroughProblem,
  type AdCampaign,
  type adCampaignInputSchema,
} from '@site/contract/console';
import { adSlots, deviceTypes } from '@site/contract';
import { z } from 'zod';
import { taipeiLocalToUnix, unixToTaipeiLocal } from '../time';

/** A whole number typed in a text box within [min, max]. */
const typedWhole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && +v >= min && +v <= max, message);

/** Ids typed one a line (or separated by commas, spaces or 、), each once. */
export function idsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,、，]+/).filter(Boolean))];
}

/**
 * The campaign form (新增／編輯廣告活動): the contract's fields as typed: the flight window as
 * Taipei date-times, targeting ids one a line (left empty: any), numbers as text. The window
 * ending before it starts is caught here, in the server's words.
 */
export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1, '請輸入活動名稱').max(60, '活動名稱最多 60 個字'),
    advertiser: z.string().trim().min(1, '請輸入廣告主').max(60, '廣告主最多 60 個字'),
    state: adCampaignStateSchema,
    startsAt: z.string().refine((v) => taipeiLocalToUnix(v) !== undefined, '請輸入開始時間'),
    endsAt: z.string().refine((v) => taipeiLocalToUnix(v) !== undefined, '請輸入結束時間'),
    slots: z.array(z.enum(adSlots)).min(1, '請至少選擇一個廣告時段'),
    creativeIds: z.array(z.string()).min(1, '請至少選擇一支素材'),
    titles: z.string(),
    categories: z.string(),
    channels: z.string(),
    devices: z.array(z.enum(deviceTypes)),
    capPerDay: typedWhole(0, AD_CAP_MAX, `每日頻次上限須為 0 到 ${AD_CAP_MAX} 的整數`),
    priority: typedWhole(0, 100, '優先順序須為 0 到 100 的整數'),
  })
  .superRefine((form, context) => {
    const start = taipeiLocalToUnix(form.startsAt);
    const end = taipeiLocalToUnix(form.endsAt);
    if (start !== undefined && end !== undefined && end <= start) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: '結束時間必須晚於開始時間' });
    }
  });
export type CampaignForm = z.output<typeof campaignFormSchema>;

/** An empty form: runs from now for 30 days, pre-roll, no cap, priority 10. */
export function emptyCampaignForm(now: number): z.input<typeof campaignFormSchema> {
  return {
    name: '',
    advertiser: '',
    state: 'active',
    startsAt: unixToTaipeiLocal(now - (now % 3600)),
    endsAt: unixToTaipeiLocal(now - (now % 3600) + 30 * 86_400),
    slots: ['preroll'],
    creativeIds: [],
    titles: '',
    categories: '',
    channels: '',
    devices: [],
    capPerDay: '0',
    priority: '10',
  };
}

/** A saved campaign as the form shows it (editing). */
export function campaignFormOf(c: AdCampaign): z.input<typeof campaignFormSchema> {
  return {
    name: c.name,
    advertiser: c.advertiser,
    state: c.state,
    startsAt: unixToTaipeiLocal(c.startsAt),
    endsAt: unixToTaipeiLocal(c.endsAt),
    slots: c.slots,
    creativeIds: c.creatives.map((k) => k.creativeId),
    titles: c.titles.join('\n'),
    categories: c.categories.join('\n'),
    channels: c.channels.join('\n'),
    devices: c.devices,
    capPerDay: String(c.capPerDay),
    priority: String(c.priority),
  };
}

/** What createCampaign / updateCampaign are sent. */
export function campaignInput(form: CampaignForm): z.input<typeof adCampaignInputSchema> {
  return {
    name: form.name,
    advertiser: form.advertiser,
    state: form.state,
    startsAt: taipeiLocalToUnix(form.startsAt)!,
    endsAt: taipeiLocalToUnix(form.endsAt)!,
    slots: form.slots,
    creativeIds: form.creativeIds,
    titles: idsOf(form.titles),
    categories: idsOf(form.categories),
    channels: idsOf(form.channels),
    devices: form.devices,
    capPerDay: Number(form.capPerDay),
    priority: Number(form.priority),
  };
}

/** The form's field for a server's field problem (the names are the contract's). */
export function campaignFieldOf(name: string): keyof CampaignForm {
  return (name in emptyCampaignForm(0) ? name : 'name') as keyof CampaignForm;
}

/** The creative upload's own fields, checked before any byte is sent. */
export const creativeUploadSchema = z.object({
  adTitle: z.string().trim().min(1, '請輸入廣告名稱').max(60, '廣告名稱最多 60 個字'),
  advertiser: z.string().trim().min(1, '請輸入廣告主').max(60, '廣告主最多 60 個字'),
  clickThrough: z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = clickThroughProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});

/** "1,234" and a completion rate ("—" before any impression). */
export function completionRate(complete: number, impressions: number): string {
  if (impressions === 0) return '—';
  return `${((complete / impressions) * 100).toFixed(1)}%`;
}
