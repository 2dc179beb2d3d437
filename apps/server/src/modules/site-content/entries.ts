import { mediaUrl } from '../media/urls.js';
import type { Viewer } from '../accounts/viewer.js';
import { wordingParts, type WordingStore } from './wording.js';

/** The site's small entries, each kept as a wording whose parts are split here. */

/** Footer lines and their links (the FOOTER group: "text|url"). */
export async function footerData(wording: WordingStore) {
  const footer = (await wording.group('FOOTER')).map((entry) => {
    const [text = '', url = ''] = wordingParts(entry.wording);
    return { code: entry.code, wording: text, url };
  });
  return { footerList: { footer } };
}

/** The blog link (BLOG_INFO: "title|url"). */
export async function blogInfo(wording: WordingStore) {
  const [blogTitle = '', blogUrl = ''] = wordingParts((await wording.require('BLOG_INFO')).wording);
  return { blogTitle, blogUrl };
}

/** The opening page (OPENING_PAGE: "image|link|seconds"); none when the wording is missing. */
export async function openingPage(wording: WordingStore) {
  const entry = await wording.find('OPENING_PAGE');
  if (!entry) return { showOpening: 'N' as const, imageUrl: '', linkUrl: '', seconds: 0 };
  const [image = '', linkUrl = '', seconds = '0'] = wordingParts(entry.wording);
  return {
    showOpening: 'Y' as const,
    imageUrl: mediaUrl(image),
    linkUrl,
    seconds: Number(seconds) || 0,
  };
}

/** The sub-account event's entry (REGISTER_ACTIVITY: "title|link"). */
export async function registerActivityEntry(wording: WordingStore, viewer: Viewer | null) {
  const [title = '', linkUrl = ''] = wordingParts(
    (await wording.require('REGISTER_ACTIVITY')).wording,
  );
  // Kids do not manage profiles; everyone else is invited.
  const showEntry = viewer?.kidMode ? ('N' as const) : ('Y' as const);
  return { showEntry, title, linkUrl };
}
