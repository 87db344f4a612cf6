/**
 * Schema-free constants of the lists a first screen shows (`@xp/contracts/list-constants`, decision 010):
 * the sort fields the server knows and the example Excel's path; their contract modules re-export them.
 */

export const gymEmployeeSortable = ['name', 'email', 'locationCount'] as const;

export const locationEmployeeSortable = ['name', 'email'] as const;

export const employerEmployeeSortable = ['name', 'email', 'employeeSince'] as const;

/** The members in debt (`GET /Member/InDebt`, decision 017). */
export const debtorSortable = ['oldestDueDate', 'amountDue', 'name'] as const;

export const memberSortable = ['name', 'lastEntry', 'status', 'createdAt', 'postalCode'] as const;
/** The member list's tabs: all members and one per status (`tabCounts` keys). */
export const memberTabs = ['all', 'active', 'nonActive', 'sleeping'] as const;

/** The file name of the example import file (spec 000 section 9). */
export const EXAMPLE_EXCEL_FILE_NAME = 'import_users_template.xlsx';

/**
 * `GET /EmployerEmployeeInvitation/ExampleExcel` answers the bytes of an .xlsx file, not the JSON envelope,
 * so it is a platform route of the API (like `GET /cdn/{hash}`), not an endpoint above; same policy.
 */
export const EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH = '/EmployerEmployeeInvitation/ExampleExcel';

/** The sort fields of open invitations. */
export const openInvitationSortable = ['email', 'createdAt', 'expiresAt'] as const;

/** The sort fields of the user list (`userListQuery`). */
export const userSortable = ['name', 'email', 'role', 'createdAt'] as const;
