import {
  WORDING_SEPARATOR,
  checkWordingText,
  splitWording,
  type WordingShape,
  type WordingProblem,
} from '@site/contract/console';

/** What the editor and the preview need of an entry. */
export type WordingEntryShape = WordingShape & { readonly code: string };

/** One piece of a text as the editor marks it: a placeholder's value, or a `$$` separator. */
export type WordingSegment =
  | { kind: 'value'; name: string; label: string; value: string; missing: boolean }
  | { kind: 'separator' }
  | { kind: 'extra'; value: string };

/**
 * A text cut into its placeholders' values and the `$$` between them, in the entry's order:
 * `10$$免費試看…` → {minutes} 10, $$, {message} 免費試看…. Parts the text lacks are marked
 * missing; values past the last placeholder are extra (the site would misread them).
 */
export function segmentsOf(
  entry: Pick<WordingEntryShape, 'parts'>,
  text: string,
): WordingSegment[] {
  const values = splitWording(text);
  const segments: WordingSegment[] = [];
  const count = Math.max(values.length, entry.parts.length);
  for (let i = 0; i < count; i += 1) {
    if (i > 0) segments.push({ kind: 'separator' });
    const part = entry.parts[i];
    const value = values[i];
    if (!part) segments.push({ kind: 'extra', value: value ?? '' });
    else
      segments.push({
        kind: 'value',
        name: part.name,
        label: part.label,
        value: value ?? '',
        missing: value === undefined,
      });
  }
  return segments;
}

/** The template with this text's values filled in: `{minutes}=10 · {message}=免費試看…`. */
export function filledPlaceholders(
  entry: Pick<WordingEntryShape, 'parts'>,
  text: string,
): { name: string; label: string; value: string }[] {
  const values = splitWording(text);
  return entry.parts.map((part, i) => ({
    name: `{${part.name}}`,
    label: part.label,
    value: values[i] ?? '',
  }));
}

/** The problems the server would refuse this text for (the contract's one check). */
export function problemsOf(entry: WordingEntryShape, text: string): WordingProblem[] {
  return checkWordingText(entry, text);
}

/** How many `$$` the text has against how many the entry needs ("1 / 1"). */
export function separatorCount(text: string): number {
  return splitWording(text).length - 1;
}

export { WORDING_SEPARATOR };
