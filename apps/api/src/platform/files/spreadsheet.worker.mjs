// Worker threads do not inherit tsx's loader (neither under `tsx src/main.ts` nor under vitest): register it
// in this thread, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./spreadsheet.worker.ts');
