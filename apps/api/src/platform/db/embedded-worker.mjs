// The embedded database's own thread: PGlite (single-threaded WASM, each query runs synchronously) and a
// PostgreSQL-protocol socket server over it, so that a long query never blocks the API's JavaScript thread
// and the API talks to it through node-postgres, as to PostgreSQL. Plain JavaScript: a worker thread
// loads it with Node itself, without the TypeScript loader (faster start; see client.ts, decision 011).
//
// workerData: { dataDir?: string, loadDataDir?: ArrayBuffer, socketPath?: string }
// Posts { type: 'ready', socketPath } or { type: 'ready', port } once it accepts connections, or
// { type: 'failed', message } when the database cannot start. Answers { type: 'dump' } with
// { type: 'dumped', data: ArrayBuffer } and { type: 'close' } with { type: 'closed' } (the data dir
// flushed, the thread then ends).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, loadDataDir, socketPath } = workerData;

let db;
let server;
try {
  db = await PGlite.create({
    dataDir,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    extensions: { btree_gin, pg_trgm },
  });
  // PGlite has one session, and the server's multiplexer would interleave the messages of concurrent
  // extended-protocol queries (unnamed statements would clash): the API's pool has one connection, so
  // one at a time sends queries. More may be open for a moment: node-postgres drops a connection after a
  // failed query and opens a new one, which can arrive before the old one's close is handled here.
  const options = { db, maxConnections: 8 };
  server = socketPath
    ? new PGLiteSocketServer({ ...options, path: socketPath })
    : new PGLiteSocketServer({ ...options, host: '127.0.0.1', port: 0 });
  await server.start();
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  await db?.close().catch(() => {});
  process.exit(1);
}

const address = server.server?.address();
parentPort.postMessage(socketPath ? { type: 'ready', socketPath } : { type: 'ready', port: address?.port });

parentPort.on('message', async (message) => {
  if (message.type === 'dump') {
    const blob = await db.dumpDataDir('none');
    const data = await blob.arrayBuffer();
    parentPort.postMessage({ type: 'dumped', data }, [data]);
  } else if (message.type === 'close') {
    await server.stop();
    // Writes what is left to the data dir and shuts PostgreSQL down cleanly.
    await db.close();
    parentPort.postMessage({ type: 'closed' });
    parentPort.close();
  }
});
