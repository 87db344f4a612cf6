import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const testKey = `test_${'a1B2c3D4e5'.repeat(3)}`;
const liveKey = `live_${'a1B2c3D4e5'.repeat(3)}`;
const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };

describe('loadConfig', () => {
  it('listens on this machine only in development, on every address in production, unless HOST is given', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', ...smtp }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('refuses DATABASE_URL without an explicit NODE_ENV', () => {
    const databaseUrl = 'postgres://app@db.example.com:5432/xp';
    expect(() => loadConfig({ DATABASE_URL: databaseUrl })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: '' })).toThrow(/NODE_ENV/);
    expect(loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'production' })).toMatchObject({
      isProduction: true,
      databaseUrl,
    });
    expect(loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'development' }).isProduction).toBe(false);
    // Empty is unset (the journeys' server clears it so): the embedded database, development by default.
    expect(loadConfig({ DATABASE_URL: '' })).toMatchObject({ isProduction: false, databaseUrl: undefined });
  });

  it("refuses Mollie's test keys in production, takes them in development", () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MOLLIE_API_KEY: testKey })).toThrow(
      /MOLLIE_API_KEY is a test key/,
    );
    expect(loadConfig({ NODE_ENV: 'production', MOLLIE_API_KEY: liveKey }).mollieApiKey).toBe(liveKey);
    expect(loadConfig({ NODE_ENV: 'development', MOLLIE_API_KEY: testKey }).mollieApiKey).toBe(testKey);
    expect(loadConfig({ MOLLIE_API_KEY: testKey }).mollieApiKey).toBe(testKey);
  });
});
