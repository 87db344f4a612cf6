import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/user/user.tables.ts';
import { hashPassword } from '../platform/auth/password.ts';
import { loadConfig } from '../platform/config.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';
import {
  type DemoDataInput,
  demoAccountsWithPublishedPassword,
  refuseDemoPasswordsInProduction,
  shouldSeedDemoData,
} from './demo-policy.ts';

describe('shouldSeedDemoData', () => {
  const newEmbedded = { kind: 'pglite', isNew: true } as const;
  const oldEmbedded = { kind: 'pglite', isNew: false } as const;
  const server = { kind: 'postgres', isNew: false } as const;

  it('seeds a new embedded database in development, or where SEED_DEMO=true asks, never in production', () => {
    const decide = (
      isProduction: boolean,
      seedDemo: boolean | undefined,
      database: DemoDataInput['database'] = newEmbedded,
    ) => shouldSeedDemoData({ isProduction, seedDemo, database });
    expect(decide(false, undefined)).toBe(true);
    expect(decide(false, undefined, oldEmbedded)).toBe(false);
    expect(decide(false, undefined, server)).toBe(false);
    expect(decide(false, false)).toBe(false);
    expect(decide(false, true, server)).toBe(true);
    expect(decide(true, undefined)).toBe(false);
    expect(decide(true, true)).toBe(false);
  });

  it('reads SEED_DEMO, and refuses SEED_DEMO=true in production', () => {
    expect(loadConfig({}).seedDemo).toBeUndefined();
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false', NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'true', NODE_ENV: 'production' })).toThrow(
      /SEED_DEMO=true is refused with NODE_ENV=production/,
    );
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow();
  });
});

describe('the published demo password in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('stops the start while a demo account still signs in with it', async () => {
    const before = await demoAccountsWithPublishedPassword(t.db);
    expect(before).toContain('admin@example.com');
    await expect(refuseDemoPasswordsInProduction(t.db)).rejects.toThrow(
      /refuses to start: \d+ demo account\(s\) still have the published demo password \(.*admin@example\.com/,
    );

    // Once every demo account has another password (or is gone), production starts.
    const otherHash = await hashPassword('a-password-nobody-published');
    for (const email of before) {
      await t.db.update(users).set({ passwordHash: otherHash }).where(eq(users.email, email));
    }
    expect(await demoAccountsWithPublishedPassword(t.db)).toEqual([]);
    await expect(refuseDemoPasswordsInProduction(t.db)).resolves.toBeUndefined();
  });
});

/** A port free right now, for the child server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('NODE_ENV=production on a new embedded database', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  let output = '';
  let port: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-production-start-'));
    port = await freePort();
    const apiDir = fileURLToPath(new URL('../..', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // Nothing listens there, and nothing is sent: no mail is enqueued by this test.
        SMTP_URL: 'smtp://127.0.0.1:9',
        WEB_DIST: path.join(dataDir, 'no-web-app'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Back-office:')) resolve();
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
      child!.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
    });
    await started;
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('starts without demo data: admin@example.com cannot sign in with the published password', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/account/cookielogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: unknown };
    expect(body.errors).toEqual([{ key: 'general', message: 'auth.invalidCredentials' }]);
    expect(output).not.toContain('Demo data created');
    expect(output).not.toContain(DEMO_PASSWORD);
  });
});
