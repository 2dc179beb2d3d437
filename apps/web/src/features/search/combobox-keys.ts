/** What a key pressed in the search combobox does (WAI-ARIA APG combobox with a listbox popup). */
export type ComboboxAction =
  | { type: 'move'; index: number }
  | { type: 'pick'; index: number }
  | { type: 'close' }
  | { type: 'none' };

/**
 * The action for `key` when `count` options are listed, the popup is `expanded` and option
 * `active` is highlighted (-1: none). ArrowDown/ArrowUp open the popup and move around it,
 * wrapping; Enter picks the highlighted option (without one, the form submits as typed);
 * Escape closes an open popup.
 */
export function comboboxAction(
  key: string,
  state: { count: number; expanded: boolean; active: number },
): ComboboxAction {
  const { count, expanded, active } = state;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { type: 'none' };
      return { type: 'move', index: !expanded || active >= count - 1 ? 0 : active + 1 };
    case 'ArrowUp':
      if (count === 0) return { type: 'none' };
      return { type: 'move', index: !expanded || active <= 0 ? count - 1 : active - 1 };
    case 'Enter':
      return expanded && active >= 0 && active < count
        ? { type: 'pick', index: active }
        : { type: 'none' };
    case 'Escape':
      return expanded ? { type: 'close' } : { type: 'none' };
    default:
      return { type: 'none' };
  }
}
