import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/**
 * Passwords are kept as `scrypt$N$r$p$salt$hash` (scrypt is memory-hard, from node:crypto). The
 * cost N comes from the config, so tests run fast; each hash records its own N, so raising the
 * cost later still verifies old hashes.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await derive(password, salt, cost, BLOCK_SIZE, PARALLELISM);
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    Number(n),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; allow twice that so the default 32 MiB cap never refuses our cost.
  return scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r });
}

/**
 * A hash of a random password at the configured cost: an unknown login id is checked against it,
 * so "no such user" takes as long as "wrong password".
 */
export async function decoyHash(cost: number): Promise<string> {
  return hashPassword(crypto.randomBytes(16).toString('hex'), cost);
}
