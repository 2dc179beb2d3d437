import { episodePlaceSchema, titleFieldsSchema, type ConsoleTitle } from '@site/contract/console';
import { z } from 'zod';
import { STATE_LABELS } from '../labels';
import { formatTaipei, taipeiLocalToUnix, unixToTaipeiLocal } from '../time';
import { showValue } from '../ui/StaleEdit';

/** The title page's form: its fields, their labels and how a stale edit shows their values. */
export const FIELD_LABELS: Record<string, string> = {
  name: '片名',
  synopsis: '簡介',
  year: '年份',
  country: '國家',
  mainCategoryId: '主分類',
  subcategoryId: '子分類',
  grade: '分級',
  isRestricted: '限制觀看',
  isSexual: '含性內容',
  kidSafe: '適合兒童',
  sellType: '販售方式',
  price: '價格（元）',
  onShelfAt: '上架時間',
  offShelfAt: '下架時間',
  seasonNo: '季數',
  episodeNo: '集數',
  state: '狀態',
  clipId: '正片影片檔',
  trailerClipId: '預告片影片檔',
};

/** The form's fields: the contract's, with the times as Taipei date-time text. */
export const formSchema = titleFieldsSchema.omit({ onShelfAt: true, offShelfAt: true }).extend({
  // An episode's place in its series (the site's next/previous episode follows it).
  seasonNo: episodePlaceSchema.shape.seasonNo.optional(),
  episodeNo: episodePlaceSchema.shape.episodeNo.optional(),
  onShelfAt: z.string().refine((value) => taipeiLocalToUnix(value) !== undefined, '請輸入上架時間'),
  offShelfAt: z
    .string()
    .refine((value) => value === '' || taipeiLocalToUnix(value) !== undefined, '時間格式不正確'),
});
export type FormValues = z.input<typeof formSchema>;
export type FieldName = keyof FormValues;

export function formValues(title: ConsoleTitle): FormValues {
  return {
    name: title.name,
    synopsis: title.synopsis,
    year: title.year,
    country: title.country,
    mainCategoryId: title.mainCategoryId,
    subcategoryId: title.subcategoryId,
    grade: title.grade,
    isRestricted: title.isRestricted,
    isSexual: title.isSexual,
    kidSafe: title.kidSafe,
    sellType: title.sellType,
    price: title.price,
    onShelfAt: unixToTaipeiLocal(title.onShelfAt),
    offShelfAt: unixToTaipeiLocal(title.offShelfAt),
    ...(title.kind === 'episode'
      ? { seasonNo: title.seasonNo ?? 1, episodeNo: title.episodeNo ?? 1 }
      : {}),
  };
}

export const showField = (name: string, value: unknown) =>
  (name === 'onShelfAt' || name === 'offShelfAt') && typeof value === 'number'
    ? formatTaipei(value)
    : name === 'state' && (value === 'draft' || value === 'published')
      ? STATE_LABELS[value]
      : showValue(value);

/** What a save sends: the fields the editor changed, the times back in Unix seconds. */
export function changedFields(values: FormValues, dirty: FieldName[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const name of dirty) {
    const value = values[name];
    if (name === 'onShelfAt') changes[name] = taipeiLocalToUnix(value as string);
    else if (name === 'offShelfAt')
      changes[name] = value === '' ? null : taipeiLocalToUnix(value as string);
    else changes[name] = value;
  }
  return changes;
}
