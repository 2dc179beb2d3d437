import type { newVoucherBatchSchema } from '@site/contract/console';
import {
  voucherBatchKindSchema,
  voucherChannelSchema,
  voucherQuantitySchema,
} from '@site/contract/console';
import { z } from 'zod';
import { taipeiDayToUnix } from '../time';

/** A whole number typed in a text box, '' when left empty. */
const typedNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' ||
        (/^\d+$/.test(value.replaceAll(',', '')) &&
          +value.replaceAll(',', '') >= min &&
          +value.replaceAll(',', '') <= max),
      message,
    );

/** What is wrong with a typed quantity, in the server's words (the contract's schema). */
function quantityProblem(typed: string): string | null {
  const value = typed.trim().replaceAll(',', '');
  if (value === '') return '請輸入數量';
  const parsed = voucherQuantitySchema.safeParse(/^\d+$/.test(value) ? Number(value) : Number.NaN);
  if (!/^\d+$/.test(value)) return '數量須為整數';
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '數量不正確');
}

/**
 * The new-batch form (新增序號批次): the contract's fields as typed (numbers as text, the end as
 * a Taipei day, choices one content id a line); the grant's fields the kind needs are required.
 */
export const batchFormSchema = z
  .object({
    name: z.string().trim().min(1, '請輸入批次名稱').max(60, '批次名稱最多 60 個字'),
    kind: voucherBatchKindSchema,
    contentId: z.string().trim(),
    contentIds: z.string(),
    serviceId: z.string().trim(),
    amount: typedNumber(1, 100_000, '金額須為 1 到 100,000 的整數'),
    creditDays: typedNumber(1, 3650, '天數須為 1 到 3,650 的整數'),
    validUntilDay: z.string().refine((day) => taipeiDayToUnix(day) !== undefined, '請選擇兌換期限'),
    channel: z
      .union([voucherChannelSchema, z.literal('')])
      .refine((c) => c !== '', '請選擇銷售通路'),
    quantity: z.string().superRefine((typed, context) => {
      const problem = quantityProblem(typed);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  })
  .superRefine((form, context) => {
    const need = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (form.kind === 'title' && !form.contentId) need('contentId', '請輸入要兌換的影片編號');
    if (form.kind === 'title_choice' && choicesOf(form.contentIds).length < 2) {
      need('contentIds', '請至少輸入 2 部可選影片的編號');
    }
    if (form.kind === 'service' && !form.serviceId) need('serviceId', '請選擇月租服務');
    if ((form.kind === 'stored_value' || form.kind === 'viewing_credit') && !form.amount) {
      need('amount', '請輸入金額');
    }
    if (form.kind === 'viewing_credit' && !form.creditDays) {
      need('creditDays', '請輸入看片金可用天數');
    }
  });
export type BatchForm = z.output<typeof batchFormSchema>;

/** Content ids typed one a line (or separated by commas, spaces or 、). */
export function choicesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,、，]+/).filter(Boolean))];
}

const whole = (text: string) => Number(text.replaceAll(',', ''));

/** What createBatch is sent: the grant's fields of the kind only; the end of the chosen day. */
export function batchInput(form: BatchForm): z.input<typeof newVoucherBatchSchema> {
  const input: z.input<typeof newVoucherBatchSchema> = {
    name: form.name,
    kind: form.kind,
    validUntil: taipeiDayToUnix(form.validUntilDay, true)!,
    channel: form.channel as z.infer<typeof voucherChannelSchema>,
    quantity: whole(form.quantity),
  };
  if (form.kind === 'title') input.contentId = form.contentId;
  if (form.kind === 'title_choice') input.contentIds = choicesOf(form.contentIds);
  if (form.kind === 'service') input.serviceId = form.serviceId;
  if (form.kind === 'stored_value' || form.kind === 'viewing_credit') {
    input.amount = whole(form.amount);
  }
  if (form.kind === 'viewing_credit') input.creditDays = whole(form.creditDays);
  return input;
}

/** The form's field for a server's field problem (the contract's name → the form's). */
export function formFieldOf(name: string): keyof BatchForm {
  return name === 'validUntil' ? 'validUntilDay' : (name as keyof BatchForm);
}
