import { splitWording } from '@site/contract/console';
import { problemsOf, type WordingEntryShape } from './placeholders';

/**
 * How the customer site shows a wording, worked out as the site does (the console draws it in
 * WordingPreview.tsx): Live_Minutes_Wording as the web's parseMinutesWording reads it (trimmed
 * minutes × 60 s, then the prompt), a footer line as Footer.tsx (a page of the app, a file or
 * another site; the copyright in small print), the server's entries as entries.ts splits them.
 */
export type WordingPreview =
  | { kind: 'liveMinutes'; minutes: number; seconds: number; message: string }
  | {
      kind: 'footerLine';
      text: string;
      url: string;
      target: 'none' | 'app' | 'web';
      small: boolean;
    }
  | { kind: 'blogLink'; title: string; url: string }
  | { kind: 'openingPage'; image: string; link: string; seconds: number }
  | { kind: 'activityEntry'; title: string; link: string }
  | { kind: 'plainText'; parts: string[] };

/** A page of the web app (client-side link) rather than a file or another site (Footer.tsx). */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !/\.[a-z0-9]{1,5}$/i.test(url);
}

/** What the site would show for this text; null while the server would refuse it. */
export function previewOf(entry: WordingEntryShape, text: string): WordingPreview | null {
  if (problemsOf(entry, text).length > 0) return null;
  const [a = '', b = '', c = ''] = splitWording(text);
  switch (entry.preview) {
    case 'liveMinutes': {
      const minutes = Number(a.trim());
      return { kind: 'liveMinutes', minutes, seconds: minutes * 60, message: b.trim() };
    }
    case 'footerLine':
      return {
        kind: 'footerLine',
        text: a,
        url: b,
        target: !b ? 'none' : isAppPath(b) ? 'app' : 'web',
        small: entry.code === 'FOOTER_COPYRIGHT',
      };
    case 'blogLink':
      return { kind: 'blogLink', title: a, url: b };
    case 'openingPage':
      return { kind: 'openingPage', image: a, link: b, seconds: Number(c) || 0 };
    case 'activityEntry':
      return { kind: 'activityEntry', title: a, link: b };
    case 'plainText':
      return { kind: 'plainText', parts: splitWording(text) };
  }
}
