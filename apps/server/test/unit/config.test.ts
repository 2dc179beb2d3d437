import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('sqlite:./data/site.db');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.SEED_ON_START).toBe(true);
  });

  it('reads values and trims the public URL', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://tv.example.com/',
      SEED_ON_START: 'false',
      RATE_LIMIT_LOGIN_PER_IP: '3',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      PUBLIC_URL: 'https://tv.example.com',
      SEED_ON_START: false,
      RATE_LIMIT_LOGIN_PER_IP: 3,
    });
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^Invalid configuration: PORT="70000"/);
    expect(() => loadConfig({ PASSWORD_SCRYPT_COST: '1000' })).toThrow(/PASSWORD_SCRYPT_COST/);
    // A schema name goes into SQL and a search_path: plain lower-case names only.
    expect(() => loadConfig({ DATABASE_SCHEMA: 'site; drop' })).toThrow(/DATABASE_SCHEMA/);
    // The console's longest period (90 days, QOE_PERIOD_MAX_DAYS 93) must stay whole.
    expect(() => loadConfig({ QOE_KEEP_DAYS: '93' })).toThrow(/QOE_KEEP_DAYS/);
    expect(loadConfig({ QOE_KEEP_DAYS: '94' }).QOE_KEEP_DAYS).toBe(94);
    // Care reads last week's playback errors from the app log.
    expect(() => loadConfig({ APP_LOG_KEEP_DAYS: '6' })).toThrow(/APP_LOG_KEEP_DAYS/);
    expect(loadConfig({ APP_LOG_KEEP_DAYS: '7' }).APP_LOG_KEEP_DAYS).toBe(7);
    expect(loadConfig({ DATABASE_SCHEMA: 'cluster_1a' }).DATABASE_SCHEMA).toBe('cluster_1a');
  });
});

describe('production safety', () => {
  const safe = {
    NODE_ENV: 'production',
    GATEWAY_CLIENTS: 'tv-app:a-real-secret-of-some-length',
    SEED_ON_START: 'false',
    STREAM_SIGNING_SECRET: 'another-real-secret-of-length',
  };

  it('starts in production when no demo default is in use', () => {
    expect(loadConfig(safe).demoDefaults).toEqual([]);
  });

  it.each([
    ['GATEWAY_CLIENTS', 'tv-app:a-real-secret-of-some-length,demo-app:demo-app-secret-0123456789'],
    ['SEED_ON_START', 'true'],
    ['STREAM_SIGNING_SECRET', undefined],
  ])('refuses production with the demo %s, in one line naming it', (name, value) => {
    const run = () => loadConfig({ ...safe, [name]: value });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(new RegExp(`^Refusing to start with NODE_ENV=production: ${name}[^\n]*$`));
  });

  it('outside production names every demo default in use, for the start-up warning', () => {
    const names = loadConfig({}).demoDefaults.map((line) => line.split(' ')[0]!.split('=')[0]);
    expect(names).toEqual(['GATEWAY_CLIENTS', 'SEED_ON_START', 'STREAM_SIGNING_SECRET']);
  });
});

describe('the README configuration table', () => {
  it('lists every variable the server reads', async () => {
    const { readFileSync } = await import('node:fs');
    const { configSchema, repoRoot } = await import('../../src/config.js');
    const readme = readFileSync(`${repoRoot}/README.md`, 'utf8');
    for (const name of Object.keys(configSchema.shape))
      expect(readme, name).toContain(`| \`${name}\` |`);
  });
});
