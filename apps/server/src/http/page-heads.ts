import { listTypes } from '@site/contract';
import { staticHead, type HeadResolver } from './page-shell.js';

/** /my-list/{listType} exists only for the five list keys of SPEC §3. */
export const myListHead: HeadResolver = async ({ listType = '' }) =>
  (listTypes as readonly string[]).includes(listType) ? staticHead('myList') : null;

/** 忘記密碼: nothing for search engines. */
export const forgotPasswordHead: HeadResolver = async () => ({
  ...staticHead('forgotPassword'),
  noindex: true,
});

/**
 * The password-reset link's page: its address holds the token, so the page sends no Referer
 * (the site's strict-origin-when-cross-origin would still send the whole address to our own
 * paths) and search engines keep it out.
 */
export const resetPasswordHead: HeadResolver = async () => ({
  ...staticHead('resetPassword'),
  noindex: true,
  referrerPolicy: 'no-referrer',
});

/** The sign-up confirmation link's page (docs/adr/0044): its token leaves in no Referer either. */
export const confirmSignUpHead: HeadResolver = async () => ({
  ...staticHead('confirmSignUp'),
  noindex: true,
  referrerPolicy: 'no-referrer',
});
