import type {
  Claims,
  EmployerInvolvements,
  EmployerSettings,
  employerAddressInput,
  employerContactInput,
  UploadedFile,
} from '@xp/contracts';
import { isAdmin } from '@xp/contracts';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../../platform/files/images.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import * as repository from './employer-settings.repository.ts';

const ENTITY = 'EmployerSettings';
const NOT_FOUND = 'employerSettings.errors.notFound';

export interface EmployerSettingsForm {
  id: number;
  name: string;
  description: string;
  personnelNumber?: string | null | undefined;
  accessFitness: boolean;
  accessHomeTraining: boolean;
  accessOnlineSports: boolean;
  accessAssociations: boolean;
  invoiceEmail?: string | null | undefined;
  logo?: UploadedFile | undefined;
  removeLogo?: boolean | undefined;
  addresses: z.output<typeof employerAddressInput>[];
  contacts: z.output<typeof employerContactInput>[];
}

export interface EmployerFinancialInput {
  id: number;
  contractType: number;
  contractDuration: number;
  extensionYears: number;
  contributionAmount: number;
}

/** The session's active employer (none: 403, `activeTenant`). */
function activeEmployerOf(session: Claims): number {
  if (session.role !== 'Employer' && !isAdmin(session)) throw errors.forbidden();
  return activeTenant(session, 'employer');
}

/** An employer a call names: only the active one (the admin switches first); another is "not found". */
function ownEmployer(session: Claims, id: number): number {
  const employerId = activeEmployerOf(session);
  if (id !== employerId) throw errors.notFound(NOT_FOUND);
  return employerId;
}

async function readSettings(db: Database, id: number, lock = false) {
  const row = await repository.findEmployer(db, id, lock);
  if (!row) throw errors.notFound(NOT_FOUND);
  const lists = await repository.listsOf(db, id);
  const { contractType, contractDuration, extensionYears, contributionCents, ...general } = row;
  const settings: EmployerSettings = {
    ...general,
    ...lists,
    financial: {
      contractType,
      contractDuration,
      extensionYears,
      contributionAmount: contributionCents,
    },
  };
  return settings;
}

/** What the audit log keeps: the settings without the rows' ids (the lists are replaced on each save). */
const audited = ({ addresses, contacts, ...rest }: EmployerSettings) => ({
  ...rest,
  addresses: addresses.map(({ id: _, ...address }) => address),
  contacts: contacts.map(({ id: _, ...contact }) => contact),
});

/** The unique index on the name decides, so two saves of one name at once cannot both succeed. */
const withUniqueName = conflictOnUnique('name', 'employerSettings.errors.nameTaken');

export function getEmployerSettings(db: Database, session: Claims, id: number): Promise<EmployerSettings> {
  return readSettings(db, ownEmployer(session, id));
}

export async function updateEmployerSettings(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: EmployerSettingsForm,
  actor: Actor,
): Promise<EmployerSettings> {
  const employerId = ownEmployer(session, form.id);
  if (form.logo && form.removeLogo) throw errors.field('logo', 'employerSettings.errors.logoConflict');
  // Nothing is stored for an employer that does not exist.
  if (!(await repository.findEmployer(db, employerId))) throw errors.notFound(NOT_FOUND);
  const newLogo = form.logo ? (await storeImage(files, form.logo, { field: 'logo' })).hash : undefined;
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      const before = await readSettings(tx, employerId, true);
      await repository.updateGeneral(tx, employerId, {
        name: form.name,
        description: form.description,
        personnelNumber: form.personnelNumber ?? null,
        logoHash: form.removeLogo ? null : (newLogo ?? before.logoHash),
        accessFitness: form.accessFitness,
        accessHomeTraining: form.accessHomeTraining,
        accessOnlineSports: form.accessOnlineSports,
        accessAssociations: form.accessAssociations,
        invoiceEmail: form.invoiceEmail ?? null,
      });
      await repository.replaceLists(
        tx,
        employerId,
        form.addresses,
        form.contacts.map((contact) => ({
          ...contact,
          insertion: contact.insertion ?? null,
          description: contact.description ?? null,
          phoneNumber: contact.phoneNumber ?? null,
          email: contact.email ?? null,
        })),
      );
      const after = await readSettings(tx, employerId);
      await audit.write(tx, actor, ENTITY, employerId, audited(before), audited(after));
      return after;
    }),
  );
}

export async function updateFinancialSettings(
  db: Database,
  session: Claims,
  input: EmployerFinancialInput,
  actor: Actor,
): Promise<EmployerSettings> {
  const employerId = ownEmployer(session, input.id);
  return inTransaction(db, async (tx) => {
    const before = await readSettings(tx, employerId, true);
    await repository.updateFinancial(tx, employerId, {
      contractType: input.contractType,
      contractDuration: input.contractDuration,
      extensionYears: input.extensionYears,
      contributionCents: input.contributionAmount,
    });
    const after = await readSettings(tx, employerId);
    await audit.write(
      tx,
      actor,
      ENTITY,
      employerId,
      { financial: before.financial },
      { financial: after.financial },
    );
    return after;
  });
}

/** Employers for a picker: every one for an admin, otherwise those the user acts for. */
export function listEmployerOptions(db: Database, session: Claims, query: ListQuery) {
  if (session.role !== 'Employer' && !isAdmin(session)) throw errors.forbidden();
  return repository.listOptions(db, query, isAdmin(session) ? null : session.userId);
}

/**
 * Where the active employer's employees may go: nothing links employers to locations yet, so every location
 * shown on the public sign-up pages, as long as fitness is among the employees' access (decision 003).
 */
export async function listEmployerLocations(db: Database, session: Claims, query: ListQuery) {
  const employer = await repository.findEmployer(db, activeEmployerOf(session));
  if (!employer) throw errors.notFound(NOT_FOUND);
  if (!employer.accessFitness) return query.counts === false ? { items: [] } : { items: [], total: 0 };
  return repository.listVisibleLocations(db, query);
}

/**
 * What an employer is involved in. The active employer; an admin may ask about any employer (before
 * deleting one, say) without switching to it.
 */
export async function getEmployerInvolvements(
  db: Database,
  session: Claims,
  id: number,
): Promise<EmployerInvolvements> {
  const employerId = isAdmin(session) ? id : ownEmployer(session, id);
  const employer = await repository.findEmployerCount(db, employerId);
  if (!employer) throw errors.notFound(NOT_FOUND);
  return {
    employerId,
    employees: employer.employeeCount,
    ...(await repository.involvements(db, employerId)),
  };
}
