import { z } from 'zod';

/*
 * SPEC §5 "Chinese-character check: first character must be in the CJK range".
 *
 * Decision (to become an ADR): "the CJK range" means a CJK ideograph, i.e. a character a person
 * would call 中文字 — not everything in the CJK blocks.
 *
 * Counted (Unicode 16 block limits, inclusive):
 *   U+4E00–9FFF    CJK Unified Ideographs
 *   U+3400–4DBF    Extension A
 *   U+20000–2A6DF  Extension B
 *   U+2A700–2EE5D  Extensions C, D, E, F and I (one span; the few unassigned code points between
 *                  them are counted too, so a later Unicode assignment needs no change here)
 *   U+30000–323AF  Extensions G and H
 *   U+F900–FAFF    CJK Compatibility Ideographs
 *   U+2F800–2FA1F  CJK Compatibility Ideographs Supplement
 *   U+3007         〇 (ideographic number zero, written as a character in dates and names)
 *
 * Not counted: full-width punctuation and symbols (U+3000–303F apart from 〇, U+FF00–FFEF),
 * bopomofo (U+3100–312F, U+31A0–31BF), kana, hangul, radicals (U+2E80–2FDF), CJK strokes, emoji,
 * Latin letters, digits and whitespace. Bopomofo is the one people argue about: ㄅ is how
 * zh-TW users spell, but it is not a 中文字, so a nickname may contain it only after the first
 * character.
 *
 * The check reads a code point, not a UTF-16 unit, so Extension B and later (two units each,
 * e.g. 𠀀 U+20000) count as one character, both here and in the nickname's length.
 */

/** Inclusive [first, last] code points of the ranges above. */
const CJK_IDEOGRAPH_RANGES: readonly (readonly [number, number])[] = [
  [0x3007, 0x3007],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0x20000, 0x2a6df],
  [0x2a700, 0x2ee5d],
  [0x2f800, 0x2fa1f],
  [0x30000, 0x323af],
];

export function isCjkIdeograph(codePoint: number): boolean {
  return CJK_IDEOGRAPH_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/** Whether the very first character is a CJK ideograph; callers trim first if they mean to. */
export function startsWithCjk(value: string): boolean {
  const first = value.codePointAt(0);
  return first !== undefined && isCjkIdeograph(first);
}

export const NICKNAME_MAX_CHARACTERS = 12;

/** The zh-TW problems a nickname can have, in the order they are reported. */
export const nicknameWording = {
  length: '暱稱需為 1 到 12 個字。',
  control: '暱稱不能包含換行或控制字元。',
  format: '暱稱不能包含看不見的格式字元（例如文字方向控制或零寬字元）。',
  firstCharacter: '暱稱的第一個字必須是中文字。',
} as const;

/** Counts what a person counts: 𠀀 is one character even though it is two UTF-16 units. */
function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

const CONTROL_CHARACTER = /\p{Cc}/u;

/** A zero-width joiner inside an emoji sequence (👨‍👩‍👧): the one format character kept. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

/**
 * Whether a name holds a Unicode format character (General_Category Cf): bidi controls
 * (U+202A–202E, U+2066–2069, U+200E/200F, U+061C) that make a name read backwards in every list
 * it is shown in, zero-width characters (U+200B–200D, U+2060, U+FEFF) that make two names look
 * the same, soft hyphens, tags. None is needed to write a Chinese name. A zero-width joiner
 * between two emoji is kept: it is how 👨‍👩‍👧 is written, and it cannot reorder or hide text.
 * Names members type share this rule (ADR 0018, issue 20 item 10).
 */
export function hasFormatCharacter(value: string): boolean {
  return /\p{Cf}/u.test(value.replace(EMOJI_JOINER, ''));
}

/**
 * A sub-account nickname (SPEC §3 "Sub-account"): trimmed, 1–12 characters, no control or
 * format characters, starting with a CJK ideograph. Each step aborts so a person sees one problem at a
 * time rather than "too short" and "not Chinese" for the same empty box.
 */
export const cjkNicknameSchema = z
  .string()
  .trim()
  .refine(
    (value) => {
      const count = characterCount(value);
      return count >= 1 && count <= NICKNAME_MAX_CHARACTERS;
    },
    { message: nicknameWording.length, abort: true },
  )
  .refine((value) => !CONTROL_CHARACTER.test(value), {
    message: nicknameWording.control,
    abort: true,
  })
  .refine((value) => !hasFormatCharacter(value), {
    message: nicknameWording.format,
    abort: true,
  })
  .refine(startsWithCjk, { message: nicknameWording.firstCharacter });
