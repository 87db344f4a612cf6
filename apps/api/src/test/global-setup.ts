import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../platform/db/client.ts';
import { seedDemoData } from '../seed/demo.ts';

/**
 * Migrates and seeds one template database per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or `CREATE DATABASE ... TEMPLATE` on PostgreSQL when TEST_DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = `xp_template_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${templateName}`;
    const template = await openPostgres(url.toString());
    await template.migrate();
    await seedDemoData(template.db);
    await template.close();
    project.provide('database', { kind: 'postgres', serverUrl, templateName });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }
  const template = await openPglite();
  await template.migrate();
  await seedDemoData(template.db);
  const dump = await template.dumpDataDir();
  const file = path.join(os.tmpdir(), `xp-template-${randomUUID()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide('database', { kind: 'pglite', dumpFile: file });
  return () => fs.rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    database:
      | { kind: 'pglite'; dumpFile: string }
      | { kind: 'postgres'; serverUrl: string; templateName: string };
    /** Whether a worker opens the next file's PGlite while a file runs (when its files share a process). */
    openSpareDatabase: boolean;
  }
}
