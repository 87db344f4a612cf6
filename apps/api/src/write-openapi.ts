/**
 * `npm run openapi -w apps/api`: writes the API's OpenAPI document, built from the contracts (no database),
 * to docs/api/openapi.json. Run it after changing a contract and commit the result: a test fails while the
 * committed document differs from the contracts' (openapi.test.ts), and `npm test` lints it (decision 021).
 */
import fs from 'node:fs';
import { OPENAPI_FILE, openApiText } from './platform/http/openapi-file.ts';

fs.mkdirSync(new URL('.', OPENAPI_FILE), { recursive: true });
fs.writeFileSync(OPENAPI_FILE, openApiText());
console.log(`wrote ${OPENAPI_FILE.pathname}`);
