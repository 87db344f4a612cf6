import {
  EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
  employerEmployeeExampleExcelPolicy,
  endpointGroups,
  INVOICE_PDF_PATH,
  invoicePolicy,
  MEMBER_IMPORT_EXAMPLE_PATH,
  memberImportPolicy,
  type Policy,
  policy,
  XP_INVOICE_PDF_PATH,
} from '@xp/contracts';
import { z } from 'zod';

/**
 * The API's OpenAPI 3.1 document, built from the contracts alone (no server, no database): one operation a
 * contract endpoint, its `operationId` the contract's key (`locationArea.list`), its request and success
 * schemas named components (`LocationAreaListResponse`), every failure the one error envelope, and the
 * routes that answer a file (PDF, .xlsx) beside them. `npm run openapi -w apps/api` writes it to
 * docs/api/openapi.json (committed, linted by Redocly in `npm test`); the server serves the same document at
 * /api/openapi.json and browsable at /api/docs. Decision 021.
 */

/** The routes outside the contracts that answer a file, not the JSON envelope (registered by their modules). */
export interface FileRoute {
  operationId: string;
  path: string;
  policy: Policy;
  summary: string;
  tags: readonly string[];
  contentType: string;
  /** How the browser is told to handle the file. */
  disposition: 'inline' | 'attachment';
  params?: z.ZodObject;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The policies are the ones the route modules register (route-table.test.ts compares them). */
export const fileRoutes: FileRoute[] = [
  {
    operationId: 'invoice.pdf',
    path: INVOICE_PDF_PATH,
    policy: invoicePolicy,
    summary: 'The invoice as a PDF',
    tags: endpointGroups.invoice.list.tags,
    contentType: 'application/pdf',
    disposition: 'inline',
    params: idParams,
  },
  {
    operationId: 'xp.invoicePdf',
    path: XP_INVOICE_PDF_PATH,
    policy: policy.roles('Employer', 'Admin'),
    summary: "An XP invoice as a PDF: employer staff their active employer's, admins any",
    tags: endpointGroups.xp.balance.tags,
    contentType: 'application/pdf',
    disposition: 'inline',
    params: idParams,
  },
  {
    operationId: 'memberImport.exampleFile',
    path: MEMBER_IMPORT_EXAMPLE_PATH,
    policy: memberImportPolicy,
    summary: 'The example file of the member import (.xlsx)',
    tags: Object.values(endpointGroups.memberImport)[0]?.tags ?? [],
    contentType: XLSX,
    disposition: 'attachment',
  },
  {
    operationId: 'employerEmployeeInvitation.exampleExcel',
    path: EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
    policy: employerEmployeeExampleExcelPolicy,
    summary: 'The example file of the employee import (.xlsx)',
    tags: Object.values(endpointGroups.employerEmployeeInvitation)[0]?.tags ?? [],
    contentType: XLSX,
    disposition: 'attachment',
  },
];
