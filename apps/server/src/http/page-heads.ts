import { listTypes } from '@site/contract';
import { staticHead, type HeadResolver } from './page-shell.js';

/** /my-list/{listType} exists only for the five list keys of SPEC §3. */
export const myListHead: HeadResolver = async ({ listType = '' }) =>
  (listTypes as readonly string[]).includes(listType) ? staticHead('myList') : null;
