import { newTitleSchema } from '@site/contract/console';
import { z } from 'zod';

/** A number typed in a text box: '' is none; anything else must be a whole number in range. */
const optionalNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && +value >= min && +value <= max),
      `請輸入 ${min} 到 ${max} 的整數`,
    );

/**
 * The new-title form: the contract's fields, with a main category required, the episode's
 * numbers as typed text, and an episode's series required.
 */
export const newTitleFormSchema = newTitleSchema
  .omit({ seriesId: true, seasonNo: true, episodeNo: true, subcategoryId: true })
  .extend({
    mainCategoryId: z.string().min(1, '請選擇主分類'),
    subcategoryId: z.string().min(1, '請選擇子分類'),
    seriesId: z.string(),
    seasonNo: optionalNumber(1, 99),
    episodeNo: optionalNumber(1, 9999),
  })
  .superRefine((values, context) => {
    if (values.kind !== 'episode') return;
    if (!values.seriesId) {
      context.addIssue({ code: 'custom', path: ['seriesId'], message: '請選擇這一集所屬的影集' });
    }
    if (!values.episodeNo) {
      context.addIssue({ code: 'custom', path: ['episodeNo'], message: '請輸入集數' });
    }
  });
export type NewTitleForm = z.output<typeof newTitleFormSchema>;

/** What createTitle is sent: an episode's series and numbers, nothing of them otherwise. */
export function newTitleInput(values: NewTitleForm): z.input<typeof newTitleSchema> {
  const input: z.input<typeof newTitleSchema> = {
    kind: values.kind,
    name: values.name,
    mainCategoryId: values.mainCategoryId,
    subcategoryId: values.subcategoryId,
    year: values.year,
  };
  if (values.kind === 'episode') {
    input.seriesId = values.seriesId;
    if (values.seasonNo) input.seasonNo = Number(values.seasonNo);
    if (values.episodeNo) input.episodeNo = Number(values.episodeNo);
  }
  return input;
}
