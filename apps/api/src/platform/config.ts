import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: every address in production (behind its load balancer), only this machine (127.0.0.1) otherwise. */
  HOST: z.string().trim().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Unset: embedded PGlite in DATA_DIR/pglite. */
  DATABASE_URL: z.string().optional(),
  /** Connections to PostgreSQL per instance (a list request uses one at a time). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** `true`: create the demo data (refused in production); `false`: never. Unset: on a new embedded one. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Signs access tokens. Unset: a random secret kept in the database (shared by every instance). */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Encrypts secrets at rest (payment provider API keys): 32 bytes, base64. Unset: a random key kept in the database. */
  SECRETS_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value.trim(), 'base64').length === 32,
      'SECRETS_KEY must be 32 bytes, base64',
    )
    .optional(),
  /** Where uploaded files and image variants are kept; unset: DATA_DIR/files. */
  FILES_DIR: z.string().optional(),
  /** Where the built SPA lives; unset: apps/web/dist next to this package. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin(s) allowed for unsafe requests besides the request's own host, comma separated. */
  ALLOWED_ORIGINS: z.string().default(''),
  /**
   * Behind load balancers that set X-Forwarded-For (the client address is used for rate limits): their number
   * (`1`) or their addresses/CIDRs, comma separated. `true` (every hop) is refused.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if ('trustProxy' in parsed) return parsed.trustProxy;
      context.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  /**
   * After SIGTERM, how long health answers 503 while requests are still served, before the server stops
   * accepting connections: give a load balancer the time it needs to notice (its interval times threshold).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: the development mailbox (refused in production). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('XP Back-office <no-reply@example.com>'),
  /** The origin people reach the back-office at, for links in mails; unset: `http://localhost:${PORT}`. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .or(z.literal(''))
    .optional(),
  /** The platform's own Mollie API key (payments that belong to no location: an employer's XP); `test_` not in production. */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_[A-Za-z0-9]{30,}$/, 'MOLLIE_API_KEY must look like test_... or live_...')
    .optional(),
  /** The fewest and most XP one purchase of an employer may buy (1 XP = EUR 0.01). */
  XP_PURCHASE_MIN: z.coerce.number().int().min(1).max(100_000_000).default(100),
  XP_PURCHASE_MAX: z.coerce.number().int().min(1).max(100_000_000).default(5_000_000),
  /** The platform's name and details on its XP invoices (the issuer). */
  PLATFORM_NAME: z.string().trim().min(1).max(100).default('XP Platform B.V.'),
  PLATFORM_KVK_NUMBER: z.string().trim().max(20).optional(),
  PLATFORM_VAT_NUMBER: z.string().trim().max(20).optional(),
});

/** A Mollie key of its test mode, where the payer picks the outcome: never collects in production. */
export const isMollieTestKey = (apiKey: string | undefined): boolean => apiKey?.startsWith('test_') === true;

export type Config = {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** The disk file store's directory. */
  filesDir: string;
  databaseUrl: string | undefined;
  /** `DATABASE_POOL_SIZE`: connections of the PostgreSQL pool. */
  databasePoolSize: number;
  /** `SEED_DEMO`; undefined when unset (see `shouldSeedDemoData`). */
  seedDemo: boolean | undefined;
  sessionSecret: string | undefined;
  /** Base64 of the 32-byte key that encrypts secrets at rest. */
  secretsKey: string | undefined;
  webDist: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  allowedOrigins: string[];
  trustProxy: TrustProxy;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  /** First step of the sign-in slow-down for an account tried from many addresses (decision 002). */
  loginSlowdownMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Without a trailing slash. */
  publicUrl: string;
  /** After SIGTERM, how long health answers 503 before the server stops accepting connections. */
  drainDelayMs: number;
  /** `MOLLIE_API_KEY`: the platform's own payments; unset: those use the local test provider (not in production). */
  mollieApiKey: string | undefined;
  /** Where the Mollie client sends its calls; only tests set it (a local HTTPS double of Mollie's API). */
  mollieApiEndpoint?: string | undefined;
  /** `XP_PURCHASE_MIN` / `XP_PURCHASE_MAX`: the limits of one XP purchase. */
  xpPurchaseMin: number;
  xpPurchaseMax: number;
  /** The issuer of the XP invoices. */
  platform: { name: string; kvkNumber: string | null; vatNumber: string | null };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // A real database without a stated environment could be a production one run as development (its
  // development tools served, demo data seeded): the environment must then be said out loud.
  if (env.DATABASE_URL && !env.NODE_ENV) {
    throw new Error(
      'DATABASE_URL is set but NODE_ENV is not: set NODE_ENV=production (or development) explicitly',
    );
  }
  const parsed = schema.parse(env);
  const isProduction = parsed.NODE_ENV === 'production';
  if (isProduction && parsed.SEED_DEMO === 'true') {
    throw new Error(
      'SEED_DEMO=true is refused with NODE_ENV=production: the demo accounts have a published password',
    );
  }
  // On Mollie's test page the payer chooses "paid": in production that would pay invoices with nothing.
  if (isProduction && isMollieTestKey(parsed.MOLLIE_API_KEY)) {
    throw new Error('MOLLIE_API_KEY is a test key (test_...): refused with NODE_ENV=production');
  }
  return {
    isProduction,
    port: parsed.PORT,
    host: parsed.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1'),
    // Relative to where the command was typed (npm runs workspace scripts inside the package).
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), parsed.DATA_DIR),
    filesDir: path.resolve(
      env.INIT_CWD ?? process.cwd(),
      parsed.FILES_DIR ?? path.join(parsed.DATA_DIR, 'files'),
    ),
    databaseUrl: parsed.DATABASE_URL || undefined,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    seedDemo: parsed.SEED_DEMO === undefined ? undefined : parsed.SEED_DEMO === 'true',
    sessionSecret: parsed.SESSION_SECRET,
    secretsKey: parsed.SECRETS_KEY || undefined,
    webDist: path.resolve(parsed.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    logLevel: parsed.LOG_LEVEL,
    allowedOrigins: parsed.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: parsed.TRUST_PROXY,
    accessTokenSeconds: 15 * 60,
    refreshTokenDays: 30,
    loginSlowdownMs: 500,
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    publicUrl: (parsed.PUBLIC_URL || `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    drainDelayMs: parsed.SHUTDOWN_DRAIN_MS,
    mollieApiKey: parsed.MOLLIE_API_KEY || undefined,
    xpPurchaseMin: Math.min(parsed.XP_PURCHASE_MIN, parsed.XP_PURCHASE_MAX),
    xpPurchaseMax: parsed.XP_PURCHASE_MAX,
    platform: {
      name: parsed.PLATFORM_NAME,
      kvkNumber: parsed.PLATFORM_KVK_NUMBER || null,
      vatNumber: parsed.PLATFORM_VAT_NUMBER || null,
    },
    ...overrides,
  };
}
