/*
 * A person's full name: the one rule for the API, the web and the seeds, mirrored once in SQL
 * (`fullNameSql` in apps/api/src/platform/db/full-name.ts, with a test comparing the two). First name,
 * insertion ('van der') and last name, each trimmed; a missing or blank part is left out, so no name has a
 * double or trailing space ('Jan' + '' + 'Jansen' is 'Jan Jansen').
 */

export interface NameParts {
  firstName?: string | null | undefined;
  insertion?: string | null | undefined;
  lastName?: string | null | undefined;
}

/** 'Jan', 'van der', 'Berg' -> 'Jan van der Berg'. */
export const fullNameOf = (person: NameParts): string =>
  [person.firstName, person.insertion, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
