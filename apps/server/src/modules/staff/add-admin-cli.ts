import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../config.js';
import { connect, migrateToLatest } from '../../db/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { insertStaff } from './members.js';

/**
 * `npm run console:add-admin -- --email ops@example.com [--name 名字]`: makes an admin of the
 * console (issue 22). There is no default password anywhere: this prints a new random one once;
 * the admin enrols an authenticator at the first sign-in and may change the password then.
 */
try {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const email = z
    .string()
    .trim()
    .toLowerCase()
    .email()
    .safeParse(values.email ?? '');
  if (!email.success) {
    process.stderr.write(
      'usage: npm run console:add-admin -- --email ops@example.com [--name 名字]\n',
    );
    process.exit(2);
  }
  const config = loadConfig();
  const database = connect(config.DATABASE_URL);
  await migrateToLatest(database);
  const password = crypto.randomBytes(15).toString('base64url');
  try {
    await insertStaff(
      database.db,
      { email: email.data, displayName: values.name ?? email.data, roles: ['admin'], password },
      config.PASSWORD_SCRYPT_COST,
      Math.floor(Date.now() / 1000),
    );
  } catch (error) {
    await database.close();
    if (!isUniqueViolation(error)) throw error;
    process.stderr.write(`${email.data} already has a staff account.\n`);
    process.exit(1);
  }
  await database.close();
  process.stdout.write(
    `admin ${email.data} added. First password (shown once): ${password}\n` +
      'Sign in at /console; an authenticator app is enrolled at the first sign-in.\n',
  );
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
