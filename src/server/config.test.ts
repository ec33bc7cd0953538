import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      siteName: 'AgencyHQ',
      logLevel: 'info',
      serveWeb: true,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });
  it('fails with one clear line on a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
  it("takes scrypt's cost as a power of two from 14 up, 17 unless set", () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '18' }).passwordHashCost).toBe(18);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '13' })).toThrow(
      /^Invalid configuration: PASSWORD_HASH_COST/,
    );
  });
  it('lower-cases the admin e-mail', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Agency.Test' }).adminEmail).toBe('boss@agency.test');
  });
  it('trusts a proxy on this machine by default, and the proxies TRUST_PROXY lists', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy).toBe(
      '10.0.0.0/8, 192.168.1.7, loopback',
    );
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toBe('fd00::/8');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('refuses to trust every client, and says which proxy entry is wrong', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: TRUST_PROXY true would let/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, proxy.local' })).toThrow(
      /"proxy\.local" is not an IP/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/"10\.0\.0\.0\/40"/);
    // A hop count cannot check who is asking (Fastify ignores X-Forwarded-For then): name the proxy.
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/"2" is not an IP/);
  });
  it('takes SITE_URL as an origin only, defaulting to localhost on PORT', () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ SITE_URL: 'https://Agency.Example/' }).siteUrl).toBe('https://agency.example');
    expect(() => loadConfig({ SITE_URL: 'https://agency.example/blog' })).toThrow(
      /^Invalid configuration: SITE_URL/,
    );
    expect(() => loadConfig({ SITE_URL: 'ftp://agency.example' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ SITE_URL: 'agency.example' })).toThrow(/SITE_URL/);
  });
  it('reads the mail settings, and refuses a short SECRET_KEY or a non-SMTP SMTP_URL', () => {
    expect(loadConfig({}).allowPrivateSmtp).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_SMTP: 'true' }).allowPrivateSmtp).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY must be at least 32/);
  });
});
