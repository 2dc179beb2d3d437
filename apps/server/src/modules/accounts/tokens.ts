import crypto from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, ssoSession tokens, CSRF tokens. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Sessions are stored by the token's hash, so a copy of the table opens no session. */
export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Ids that are shown (accountID, subAccountUid): random, not guessable, not sequential. */
export function newId(prefix: string): string {
  return `${prefix}${crypto.randomBytes(9).toString('base64url')}`;
}
