import { buildOpenApiDocument } from './openapi.ts';

/** Where the committed document lives: docs/api/openapi.json at the root of the repository. */
export const OPENAPI_FILE = new URL('../../../../../docs/api/openapi.json', import.meta.url);

/** The document as the file holds it: two-space JSON, one value a line, a newline at the end. */
export const openApiText = () => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
