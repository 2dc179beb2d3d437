/**
 * Channel keys (issue 13 item 8), while the player is fullscreen or has focus: Page Up / Page
 * Down (and a remote's ChannelUp / ChannelDown) for the previous / next channel of the strip,
 * digits for the nth channel once typing pauses. Arrow keys stay the player's (seek, and the
 * volume and menus use them), so channels are not on them.
 */
export type ChannelKey = { kind: 'previous' } | { kind: 'next' } | { kind: 'digit'; digit: string };

/** Typed digits pick a channel after this long without another digit. */
export const DIGIT_PAUSE_MS = 1_200;
/** How long the now/next overlay stays. */
export const OVERLAY_MS = 4_000;

export function channelKeyOf(event: {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): ChannelKey | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'PageUp' || event.key === 'ChannelUp') return { kind: 'previous' };
  if (event.key === 'PageDown' || event.key === 'ChannelDown') return { kind: 'next' };
  if (/^[0-9]$/.test(event.key)) return { kind: 'digit', digit: event.key };
  return null;
}

/** The channel `step` places from `current` in `ids`, wrapping round; the first when not found. */
export function stepChannel(ids: string[], current: string, step: number): string | undefined {
  if (ids.length === 0) return undefined;
  const at = ids.indexOf(current);
  if (at < 0) return ids[0];
  return ids[(((at + step) % ids.length) + ids.length) % ids.length];
}

/** The channel numbered `typed` (1-based, as the strip lists them), or undefined. */
export function channelByNumber(ids: string[], typed: string): string | undefined {
  const n = Number.parseInt(typed, 10);
  return Number.isInteger(n) && n >= 1 ? ids[n - 1] : undefined;
}

/** Digits typed in a row; `take` after the pause gives what was typed (at most 3 digits). */
export class DigitBuffer {
  private digits = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onDone: (typed: string) => void) {}

  get typed(): string {
    return this.digits;
  }

  push(digit: string): void {
    this.digits = (this.digits + digit).slice(-3);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const typed = this.digits;
      this.digits = '';
      this.onDone(typed);
    }, DIGIT_PAUSE_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.digits = '';
  }
}
