import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isSignupAllowed, isSignupOpen, loadConfig, openSignupWarning } from './config';

/** The error loadConfig throws for this environment (fails the test when it does not throw). */
function errorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const allow = (rules: string) => loadConfig({ SIGNUP_ALLOW: rules });

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      uploadsDir: path.join(path.resolve('./data'), 'uploads'),
      databaseUrl: undefined,
      publicUrl: undefined,
      adminEmail: 'admin@shopdesk.local',
      adminPassword: undefined,
      jwtSecret: undefined,
      seed: 'demo',
      // Closed: staff join by invitation (design.md §4, issue 18).
      signupAllow: [],
      logLevel: 'info',
      session: { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 },
      countriesUrl: '/api/countries',
      trustProxy: false,
    });
    expect(config.oidc.issuer).toBe('https://accounts.google.com');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '', DATABASE_URL: '', JWT_SECRET: '' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, jwtSecret: undefined });
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/shopdesk',
      DATABASE_URL: 'postgresql://shop@db:5432/shop',
      PUBLIC_URL: 'https://shop.example.com///',
      ADMIN_EMAIL: 'Boss@Shop.Example',
      JWT_SECRET: 'x'.repeat(32),
      SEED: 'none',
      SIGNUP_ALLOW: ' @Shop.Test , boss@other.test ,, ',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '2',
      TRUST_PROXY: 'yes',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/shopdesk'),
      uploadsDir: path.resolve('/srv/shopdesk/uploads'),
      databaseUrl: 'postgresql://shop@db:5432/shop',
      publicUrl: 'https://shop.example.com',
      adminEmail: 'boss@shop.example',
      seed: 'none',
      signupAllow: ['@shop.test', 'boss@other.test'],
      session: { idleMs: 15 * 60_000, maxMs: 2 * 3_600_000 },
      trustProxy: true,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'sqlite:./data/db'],
    ['PUBLIC_URL', 'shop.example.com'],
    ['ADMIN_EMAIL', 'not-an-address'],
    ['JWT_SECRET', 'too-short'],
    ['SEED', 'everything'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_MAX_HOURS', 'soon'],
    ['TRUST_PROXY', 'maybe'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_FORCE_PATH_STYLE', 'sometimes'],
    ['UPLOAD_STAGING_FILES', '0'],
    ['UPLOAD_STAGING_MB', '-5'],
    ['IMAGE_CONCURRENCY', '0'],
    ['IMAGE_CONCURRENCY', '1.5'],
  ])('names %s when it is %j', (name, value) => {
    const error = errorOf({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).toMatch(/^Invalid environment variable /);
  });

  it('keeps images on disk unless S3_BUCKET is set, with the documented upload bounds', () => {
    const config = loadConfig({});
    expect(config.s3).toBeUndefined();
    expect(config.uploads).toEqual({ stagingMaxFiles: 40, stagingMaxBytes: 100 * 1024 * 1024, imageConcurrency: 2 });
    expect(loadConfig({ UPLOAD_STAGING_FILES: '5', UPLOAD_STAGING_MB: '2.5', IMAGE_CONCURRENCY: '1' }).uploads).toEqual(
      { stagingMaxFiles: 5, stagingMaxBytes: 2.5 * 1024 * 1024, imageConcurrency: 1 },
    );
  });

  it('reads the S3 store and hands its credentials over explicitly', () => {
    expect(loadConfig({ S3_BUCKET: 'shop-images' }).s3).toEqual({
      bucket: 'shop-images',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    const config = loadConfig({
      S3_BUCKET: 'images',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'key-id',
      AWS_SECRET_ACCESS_KEY: 'key-secret',
    });
    expect(config.s3).toEqual({
      bucket: 'images',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
    });
  });

  it('refuses half a credential pair, and an endpoint without a bucket', () => {
    expect(errorOf({ S3_BUCKET: 'b', AWS_ACCESS_KEY_ID: 'id' }).message).toContain('AWS_SECRET_ACCESS_KEY');
    expect(errorOf({ S3_BUCKET: 'b', AWS_SECRET_ACCESS_KEY: 'hunter2-secret' }).message).toContain('AWS_ACCESS_KEY_ID');
    expect(errorOf({ S3_BUCKET: 'b', AWS_SECRET_ACCESS_KEY: 'hunter2-secret' }).message).not.toContain('hunter2');
    expect(errorOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).message).toContain('S3_BUCKET');
  });

  it('does not put the bad value of a secret in the message', () => {
    expect(errorOf({ JWT_SECRET: 'hunter2-secret' }).message).not.toContain('hunter2');
  });
});

describe('isSignupAllowed', () => {
  it('lets anyone in with *', () => {
    expect(isSignupAllowed(allow('*'), 'anyone@anywhere.test')).toBe(true);
    expect(isSignupOpen(allow('*'))).toBe(true);
  });

  it('lets nobody in when SIGNUP_ALLOW is unset or empty (issue 18)', () => {
    for (const config of [loadConfig({}), allow(''), allow(' , ')]) {
      expect(config.signupAllow).toEqual([]);
      expect(isSignupOpen(config)).toBe(false);
      expect(isSignupAllowed(config, 'anyone@anywhere.test')).toBe(false);
      expect(isSignupAllowed(config, 'admin@shopdesk.local')).toBe(false);
    }
  });

  it('compares rules and addresses in their one form (NFKC, lower case, no trailing dot)', () => {
    const config = allow(' Boss@Other.Test. , @ＳＨＯＰ.test ');
    expect(config.signupAllow).toEqual(['boss@other.test', '@shop.test']);
    expect(isSignupAllowed(config, 'ＢＯＳＳ@other.test.')).toBe(true);
    expect(isSignupAllowed(config, 'clerk@shop.test.')).toBe(true);
    expect(loadConfig({ ADMIN_EMAIL: 'Owner@Shop.Test' }).adminEmail).toBe('owner@shop.test');
  });

  it('matches @domain rules on the whole domain only', () => {
    const config = allow('@shop.test');
    expect(isSignupAllowed(config, 'clerk@shop.test')).toBe(true);
    expect(isSignupAllowed(config, 'CLERK@SHOP.TEST')).toBe(true);
    expect(isSignupAllowed(config, 'clerk@evilshop.test')).toBe(false);
    expect(isSignupAllowed(config, 'clerk@sub.shop.test')).toBe(false);
    expect(isSignupAllowed(config, 'clerk@shop.test.evil.example')).toBe(false);
    expect(isSignupAllowed(config, 'shop.test')).toBe(false);
  });

  it('matches whole addresses exactly, without regard to case', () => {
    const config = allow('boss@other.test');
    expect(isSignupAllowed(config, 'boss@other.test')).toBe(true);
    expect(isSignupAllowed(config, 'Boss@Other.Test')).toBe(true);
    expect(isSignupAllowed(config, 'xboss@other.test')).toBe(false);
    expect(isSignupAllowed(config, 'boss@other.test.evil')).toBe(false);
    expect(isSignupAllowed(config, 'clerk@other.test')).toBe(false);
  });

  it('admits an address any one rule admits', () => {
    const config = allow('@shop.test,boss@other.test');
    expect(isSignupAllowed(config, 'clerk@shop.test')).toBe(true);
    expect(isSignupAllowed(config, 'boss@other.test')).toBe(true);
    expect(isSignupAllowed(config, 'clerk@other.test')).toBe(false);
  });

  it('admits nobody with no rules', () => {
    expect(isSignupAllowed({ signupAllow: [] }, 'anyone@shop.test')).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is off unless set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('reads true and false', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('YES')).toBe(true);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('no')).toBe(false);
  });

  it('reads a number as the count of proxies in front (0: none)', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('0')).toBe(false);
  });

  it('reads a list of proxy addresses, CIDRs and range names', () => {
    expect(trustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trustProxy(' 10.0.0.0/8 , 192.168.1.1,2001:DB8::/32,::1, loopback ')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '2001:db8::/32',
      '::1',
      'loopback',
    ]);
  });

  it.each([
    'maybe',
    '10.0.0.300',
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.1,',
    'proxy.internal',
    '10.0.0.0/8/8',
    '-1',
  ])('refuses %j, naming the variable', (value) => {
    const error = errorOf({ TRUST_PROXY: value });
    expect(error.message).toBe(
      'Invalid environment variable TRUST_PROXY: must be true, false, a hop count, or proxy addresses/CIDRs separated by commas',
    );
  });
});

describe('CORS_ORIGINS', () => {
  it('is empty (same origin only) when unset', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
  });

  it('reads comma-separated origins, as browsers send them', () => {
    const config = loadConfig({
      CORS_ORIGINS: ' https://Admin.Example.com , http://localhost:5173,,https://shop.test:443 ',
    });
    expect(config.corsOrigins).toEqual(['https://admin.example.com', 'http://localhost:5173', 'https://shop.test']);
  });

  it.each([
    'admin.example.com',
    'https://admin.example.com/',
    'https://admin.example.com/path',
    '*',
    'ftp://files.example.com',
    'https://ok.example, nope',
  ])('is refused, naming the variable, when it holds %j', (value) => {
    const error = errorOf({ CORS_ORIGINS: value });
    expect(error.message).toMatch(/^Invalid environment variable CORS_ORIGINS: /);
  });
});

describe('openSignupWarning (server.ts logs it at start)', () => {
  const warningFor = (env: Record<string, string>) => openSignupWarning(loadConfig({ SIGNUP_ALLOW: '*', ...env }));

  it('says nothing while sign-up is closed or limited, wherever the server is', () => {
    const exposed = { HOST: '0.0.0.0', TRUST_PROXY: '1', PUBLIC_URL: 'https://shop.example.com' };
    expect(openSignupWarning(loadConfig(exposed))).toBeUndefined();
    expect(openSignupWarning(loadConfig({ ...exposed, SIGNUP_ALLOW: '@shop.example.com' }))).toBeUndefined();
  });

  it('says nothing for * on loopback with no proxy and no public address', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(warningFor({ HOST }), HOST).toBeUndefined();
  });

  it.each([
    ['listening beyond loopback', { HOST: '0.0.0.0' }, 'it listens on 0.0.0.0'],
    ['behind a proxy on this machine (TRUST_PROXY a hop count)', { TRUST_PROXY: '1' }, 'TRUST_PROXY'],
    ['behind a listed proxy', { TRUST_PROXY: '127.0.0.1' }, 'TRUST_PROXY'],
    ['with a public address', { PUBLIC_URL: 'https://shop.example.com' }, 'PUBLIC_URL is https://shop.example.com'],
  ])('warns for * when reachable from outside: %s', (_name, env, reason) => {
    const warning = warningFor(env);
    expect(warning).toContain('SIGNUP_ALLOW is "*"');
    expect(warning).toContain('anyone who reaches it can sign up as an administrator');
    expect(warning).toContain(reason);
  });
});

describe('SIGNUP_ROLE', () => {
  it('defaults to manager and takes any other role name, trimmed', () => {
    expect(loadConfig({}).signupRole).toBe('manager');
    expect(loadConfig({ SIGNUP_ROLE: ' viewer ' }).signupRole).toBe('viewer');
    expect(loadConfig({ SIGNUP_ROLE: 'Stock Keeper' }).signupRole).toBe('Stock Keeper');
  });

  it('refuses the owner role, which is the ADMIN_EMAIL account’s alone', () => {
    expect(errorOf({ SIGNUP_ROLE: 'Owner' }).message).toMatch(
      /^Invalid environment variable SIGNUP_ROLE: cannot be owner/,
    );
  });
});
