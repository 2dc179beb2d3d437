/**
 * Pure text helpers of the search index: one normalisation for names and queries, the index keys
 * of a name, and the upper bound of a prefix range. Everything counts code points, never UTF-16
 * units, so 𠀀 (U+20000) is one character here as it is to a person.
 */

/**
 * Match classes stored with each key, best first:
 * - title rows: 0–2, the class of the key within the title's own name;
 * - cast rows (the key is in the name of a person of that title): 3, or 4 when the title's own
 *   name holds the key too, so a one- or two-character search over names and people reads the
 *   classes 0–3 and meets each title once;
 * - person rows: 5–7, the class within the person's name (for suggestions).
 */
export const RANK = {
  exact: 0,
  prefix: 1,
  inner: 2,
  cast: 3,
  castInName: 4,
  personExact: 5,
  personPrefix: 6,
  personInner: 7,
} as const;

/** Keys of one and two characters are stored whole; longer queries read suffixes from here on. */
export const GRAM_MAX = 2;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Control and format characters (C0, C1, zero-width marks, BOM): never part of a match. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const SPACES = /\s+/gu;

/**
 * The one normalisation of names and queries: NFKC (full-width ＡＢＣ１ → ABC1, half-width ｶﾅ → カナ,
 * compatibility ideographs → unified), lower case, control characters dropped, runs of white
 * space made one space, trimmed. Both sides of every comparison go through it.
 */
export function normalizeText(value: string): string {
  return value
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .trim();
}

/** The code points of a string, each as a string (a surrogate pair stays one element). */
export function codePoints(value: string): string[] {
  return Array.from(value);
}

export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** One key of a name: the text a query is compared with and the class of that match. */
export interface IndexKey {
  term: string;
  /** RANK.exact, RANK.prefix or RANK.inner relative to the name the key comes from. */
  rank: number;
}

/**
 * The keys that let a normalised name be found by any substring:
 * - every distinct character and every distinct pair of characters, each once, with the class of
 *   its first (best) occurrence: a query of one or two characters is an equality lookup, and each
 *   name appears at most once under a key, so the index itself is in result order;
 * - every suffix of three or more characters: a longer query q is the range [q, upperBound(q)),
 *   and a suffix starting at the first character is a prefix (or exact) match.
 * Keys that begin or end with a space are left out: a query never does (it is trimmed).
 */
export function indexKeys(normalizedName: string): IndexKey[] {
  const chars = codePoints(normalizedName);
  const n = chars.length;
  const keys: IndexKey[] = [];
  const seen = new Set<string>();
  const classOf = (start: number, length: number) =>
    start > 0 ? RANK.inner : length === n ? RANK.exact : RANK.prefix;
  for (let length = 1; length <= GRAM_MAX; length += 1) {
    for (let start = 0; start + length <= n; start += 1) {
      const term = chars.slice(start, start + length).join('');
      if (seen.has(term) || term.startsWith(' ') || term.endsWith(' ')) continue;
      seen.add(term);
      keys.push({ term, rank: classOf(start, length) });
    }
  }
  for (let start = 0; start + GRAM_MAX < n; start += 1) {
    if (chars[start] === ' ') continue;
    // Exact or prefix is decided by the query for suffixes (the whole name is the suffix at 0).
    keys.push({ term: chars.slice(start).join(''), rank: start > 0 ? RANK.inner : RANK.prefix });
  }
  return keys;
}

/**
 * The least string greater than every string that starts with `prefix`, in code point order
 * (SQLite's binary collation, PostgreSQL's "C" over UTF-8): the prefix with its last code point
 * incremented, skipping the surrogate block. Undefined when there is none (all U+10FFFF).
 */
export function upperBound(prefix: string): string | undefined {
  const chars = codePoints(prefix);
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return undefined;
}

/** Compares by code point, as both databases do (JS's `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const x = codePoints(a);
  const y = codePoints(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
