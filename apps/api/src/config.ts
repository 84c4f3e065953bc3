import net from 'node:net';
import path from 'node:path';
import { normalizeEmail } from '@shopdesk/contract';
import { z } from 'zod';

/**
 * Environment -> typed config. The only reader of process.env (design.md §4).
 * A bad value stops start-up with a message naming the variable.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The names @fastify/proxy-addr gives to address ranges, accepted in a TRUST_PROXY list. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY list entry: an address, an address/prefix (CIDR), or a range name. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may set X-Forwarded-For: `true`/`false`, a hop count (`1`: the one proxy in
 * front of us), or a comma-separated list of proxy addresses and CIDRs (Fastify's `trustProxy`).
 */
const trustProxyText = z
  .string()
  .transform((text) => text.trim().toLowerCase())
  .transform((text, context): TrustProxy => {
    if (text === 'true' || text === 'yes') return true;
    if (text === 'false' || text === 'no') return false;
    if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be true, false, a hop count, or proxy addresses/CIDRs separated by commas',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default('admin@shopdesk.local'),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  // Unset: nobody may sign up as an administrator; staff join by invitation (design.md §4).
  SIGNUP_ALLOW: z.string().default(''),
  // The role self sign-up and a first Google sign-in give (api.md §10); start-up checks it exists.
  SIGNUP_ROLE: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((name) => name.toLowerCase() !== 'owner', 'cannot be owner: that role is the ADMIN_EMAIL account’s alone')
    .default('manager'),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  COUNTRIES_URL: z.string().default('/api/countries'),
  TRUST_PROXY: trustProxyText.default(false),
  ADMIN_DIST: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Shopdesk <no-reply@shopdesk.local>'),
  ADMIN_REQUIRE_2FA: booleanText.default(false),
  CORS_ORIGINS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/i,
            'must be comma-separated origins such as https://shop.example.com (scheme, host and port only)',
          ),
      ),
    )
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  UPLOAD_STAGING_FILES: z.coerce.number().int().min(1).default(40),
  UPLOAD_STAGING_MB: z.coerce.number().positive().default(100),
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  ACTIVITY_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // Days a deleted record waits in the trash before it (and its files) is deleted for good (api.md §12).
  TRASH_DAYS: z.coerce.number().positive().max(36_500).default(30),
  // Imports may download images from addresses inside the network (loopback, private ranges).
  IMPORT_ALLOW_PRIVATE_URLS: booleanText.default(false),
  // How long an import waits for one image URL to answer and send its bytes.
  IMPORT_URL_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  // How long a job's claim holds without renewal: a server killed mid-job gives it up after this.
  JOB_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  // A product with no threshold of its own is low at this stock or below (api.md §15).
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000_000).default(5),
});

/** Every variable the schema reads (.env.example must list each: test/env-example.test.ts). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

/** `true`: every peer; a number: that many proxies in front; a list: those addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  seed: 'demo' | 'none';
  signupAllow: string[];
  /** The role (by name) of accounts made by sign-up or a first Google sign-in. */
  signupRole: string;
  /** How long activity log entries are kept (ACTIVITY_DAYS). */
  activityDays: number;
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined };
  logLevel: string;
  session: { idleMs: number; maxMs: number };
  countriesUrl: string;
  trustProxy: TrustProxy;
  /** Where the built dashboard lives; absent in API-only tests. */
  adminDist: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  requireTwoFactor: boolean;
  /** Origins allowed to call the API from another origin (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** `S3_BUCKET` set: images live in that S3-compatible bucket instead of `uploadsDir`. */
  s3: S3Config | undefined;
  /** Bounds on upload work: each account's temporary store, and images processed at once. */
  uploads: { stagingMaxFiles: number; stagingMaxBytes: number; imageConcurrency: number };
  /** How long a deleted record stays in the trash before it is purged, files included (ms). */
  trashMs: number;
  /** Images an import downloads by URL (api.md §13). */
  importImages: { allowPrivate: boolean; timeoutMs: number };
  /** A running job's lease (ms): renewed while it works, taken over by any server once it runs out. */
  jobLeaseMs: number;
  /** The shop's low-stock line (LOW_STOCK_THRESHOLD): for products whose own threshold is unset. */
  lowStockThreshold: number;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself, from the region. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (shared files, instance or task roles). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'bad value'}`);
  }
  const e = parsed.data;
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    const missing = e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    throw new ConfigError(
      `Invalid environment variable ${missing}: set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`,
    );
  }
  if (!e.S3_BUCKET && e.S3_ENDPOINT) {
    throw new ConfigError('Invalid environment variable S3_BUCKET: required when S3_ENDPOINT is set');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    adminEmail: normalizeEmail(e.ADMIN_EMAIL),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    seed: e.SEED,
    // Unset or empty: nobody may sign up as an administrator. Entries compare as addresses do.
    signupAllow: e.SIGNUP_ALLOW.split(',')
      .map((entry) => (entry.trim() === '*' ? '*' : normalizeEmail(entry)))
      .filter(Boolean),
    signupRole: e.SIGNUP_ROLE,
    activityDays: e.ACTIVITY_DAYS,
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    logLevel: e.LOG_LEVEL,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxMs: e.SESSION_MAX_HOURS * 3_600_000 },
    countriesUrl: e.COUNTRIES_URL,
    trustProxy: e.TRUST_PROXY,
    adminDist: e.ADMIN_DIST ? path.resolve(e.ADMIN_DIST) : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    requireTwoFactor: e.ADMIN_REQUIRE_2FA,
    // Browsers send an origin in lower case, without a trailing slash or a default port.
    corsOrigins: (e.CORS_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
                }
              : undefined,
        }
      : undefined,
    uploads: {
      stagingMaxFiles: e.UPLOAD_STAGING_FILES,
      stagingMaxBytes: Math.round(e.UPLOAD_STAGING_MB * 1024 * 1024),
      imageConcurrency: e.IMAGE_CONCURRENCY,
    },
    trashMs: Math.round(e.TRASH_DAYS * 86_400_000),
    importImages: {
      allowPrivate: e.IMPORT_ALLOW_PRIVATE_URLS,
      timeoutMs: Math.round(e.IMPORT_URL_TIMEOUT_SECONDS * 1000),
    },
    jobLeaseMs: Math.round(e.JOB_LEASE_SECONDS * 1000),
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
  };
}

/** Anyone at all may sign up as an administrator (SIGNUP_ALLOW unset or empty: nobody). */
export function isSignupOpen(config: Pick<Config, 'signupAllow'>): boolean {
  return config.signupAllow.length > 0;
}

/** `SIGNUP_ALLOW`: `*`, whole addresses, or `@domain`s, compared in the addresses' one form. */
export function isSignupAllowed(config: Pick<Config, 'signupAllow'>, email: string): boolean {
  const address = normalizeEmail(email);
  return config.signupAllow.some(
    (rule) => rule === '*' || rule === address || (rule.startsWith('@') && address.endsWith(rule)),
  );
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);
const isLoopback = (host: string) => loopbackHosts.has(host) || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * The start-up warning when anyone who reaches the server can make themselves an administrator:
 * SIGNUP_ALLOW is `*` and the server is reachable from outside: it listens beyond loopback, a
 * proxy forwards to it (TRUST_PROXY set: a proxy on this machine makes a loopback listener
 * public), or it has a public address (PUBLIC_URL). Undefined when there is nothing to say.
 */
export function openSignupWarning(
  config: Pick<Config, 'signupAllow' | 'host' | 'trustProxy' | 'publicUrl'>,
): string | undefined {
  if (!config.signupAllow.includes('*')) return undefined;
  const reasons = [
    ...(isLoopback(config.host) ? [] : [`it listens on ${config.host}`]),
    ...(config.trustProxy === false ? [] : ['TRUST_PROXY says a proxy forwards to it']),
    ...(config.publicUrl ? [`PUBLIC_URL is ${config.publicUrl}`] : []),
  ];
  if (reasons.length === 0) return undefined;
  return `SIGNUP_ALLOW is "*" and the server is reachable from outside (${reasons.join('; ')}): anyone who reaches it can sign up as an administrator. Unset SIGNUP_ALLOW and invite staff instead, or list addresses or @domains.`;
}
