/** The main category that replaces every category while a kid sub-account is active (SPEC §6). */
export const KID_CATEGORY_ID = 'kids';
