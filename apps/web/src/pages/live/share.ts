import { liveChannelPath } from '@site/contract';

/** The share link of a channel (SPEC §2): {origin}/LiveChannel/{channelId}; '' without one. */
export function shareLinkOf(origin: string, channelId: string): string {
  return channelId ? origin + liveChannelPath(channelId) : '';
}

export function facebookShareUrl(link: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`;
}

export function lineShareUrl(link: string): string {
  return `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(link)}`;
}

/** SPEC §5: an empty link, a copied link (clipboard API), a copied text (selection fallback). */
export type CopyOutcome = 'empty' | 'link' | 'text' | 'failed';

export interface CopyMeans {
  writeText?: (text: string) => Promise<void>;
  /** Copies `text` through a selected text field (document.execCommand); true on success. */
  copySelected: (text: string) => boolean;
}

export async function copyShareLink(link: string, means: CopyMeans): Promise<CopyOutcome> {
  if (!link) return 'empty';
  if (means.writeText) {
    try {
      await means.writeText(link);
      return 'link';
    } catch {
      // Not allowed here (no permission, not a secure context): the selection way below.
    }
  }
  try {
    return means.copySelected(link) ? 'text' : 'failed';
  } catch {
    return 'failed';
  }
}

/** The browser's ways to copy. */
export function browserCopyMeans(): CopyMeans {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  return {
    writeText: clipboard ? (text) => clipboard.writeText(text) : undefined,
    copySelected(text) {
      const field = document.createElement('textarea');
      field.value = text;
      field.setAttribute('readonly', '');
      Object.assign(field.style, { position: 'fixed', top: '0', left: '0', opacity: '0' });
      document.body.append(field);
      field.select();
      try {
        // The only way to copy without the clipboard API (an insecure page, no permission).
        return document.execCommand('copy');
      } finally {
        field.remove();
      }
    },
  };
}
