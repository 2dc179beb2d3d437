import type { CreativeRow } from './queries.js';

/** The frequency cap's window. */
export const CAP_WINDOW_SECONDS = 3600;

const targetRank = (row: CreativeRow) => (row.target_kind === 'any' ? 1 : 0);

/**
 * The rule (docs/adr/0022): a creative targeted at this title or channel before an untargeted
 * one; then higher priority; then creative id (a total order, the same on both databases). A
 * creative the viewer has seen `cap_per_hour` times in the last hour is passed over. Null when
 * nothing fits: the document is then an empty VAST.
 */
export function chooseCreative(
  candidates: readonly CreativeRow[],
  impressionsLastHour: ReadonlyMap<string, number>,
): CreativeRow | null {
  const ordered = [...candidates].sort(
    (a, b) =>
      targetRank(a) - targetRank(b) ||
      b.priority - a.priority ||
      (a.creative_id < b.creative_id ? -1 : a.creative_id > b.creative_id ? 1 : 0),
  );
  return (
    ordered.find((row) => (impressionsLastHour.get(row.creative_id) ?? 0) < row.cap_per_hour) ??
    null
  );
}
