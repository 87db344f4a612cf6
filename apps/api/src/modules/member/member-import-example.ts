import { type Claims, dutchToday, type MemberImportColumn, memberImportColumns } from '@xp/contracts';
import ExcelJS from 'exceljs';
import type { Database } from '../../platform/db/client.ts';
import * as service from './member.service.ts';
import * as repository from './member-import.repository.ts';

// -------------------------------------------------------------------------------------------- example

/**
 * `GET /Member/ImportExample`: the example file, with the gym's own names (an active subscription offered
 * at a location, its first variant, that location) so that it checks cleanly as it is; placeholders for a
 * gym without one. A second sheet explains the columns.
 */
export async function exampleWorkbook(db: Database, session: Claims): Promise<Buffer> {
  const scope = service.scopeOf(session);
  const choices = await repository.exampleChoices(db, scope.gymId);
  const choice =
    choices.find(
      (entry) =>
        scope.locationId === null || entry.locations.some((at) => at.locationId === scope.locationId),
    ) ?? choices[0];
  const location = choice?.locations.find((at) => at.locationId === scope.locationId) ?? choice?.locations[0];
  const subscription = choice?.name ?? 'Basis';
  const variant = choice?.variantName ?? 'Per maand';
  const locationName = location?.locationName ?? 'Hoofdvestiging';
  const today = dutchToday();
  const [year, month, day] = today.split('-');
  const startDate = `01-${month}-${year}`;

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'XP';
  const sheet = workbook.addWorksheet('Leden');
  sheet.columns = memberImportColumns.map((column) => ({
    header: column.header,
    key: column.key,
    width: Math.max(14, column.header.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  // Dates as text, so that Excel shows them as written.
  sheet.addRow({
    firstName: 'Jan',
    lastName: 'Jansen',
    email: 'jan.jansen@voorbeeld.nl',
    phoneNumber: '06 12345678',
    gender: 'M',
    dateOfBirth: '17-05-1990',
    street: 'Oudegracht',
    houseNumber: '12',
    postalCode: '3511 AB',
    city: 'Utrecht',
    subscription,
    variant,
    location: locationName,
    startDate,
    iban: 'NL91 ABNA 0417 1643 00',
    accountHolder: 'J. Jansen',
    mandateReference: 'LID-0001',
    mandateSignedOn: `${day}-${month}-${year}`,
  });
  sheet.addRow({
    firstName: 'Fatima',
    insertion: 'van',
    lastName: 'Bakker',
    email: 'fatima.bakker@voorbeeld.nl',
    gender: 'V',
    dateOfBirth: '1985-11-02',
    postalCode: '3512 CD',
    city: 'Utrecht',
    subscription,
    variant,
    location: locationName,
    startDate,
  });
  for (const column of ['dateOfBirth', 'startDate', 'mandateSignedOn', 'phoneNumber', 'postalCode'])
    sheet.getColumn(column).numFmt = '@';

  const help = workbook.addWorksheet('Toelichting');
  help.columns = [
    { header: 'kolom', key: 'header', width: 18 },
    { header: 'verplicht', key: 'required', width: 12 },
    { header: 'toelichting', key: 'note', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  const notes: Record<MemberImportColumn, [string, string]> = {
    firstName: ['ja', ''],
    insertion: ['nee', 'bijvoorbeeld "van" of "de"'],
    lastName: ['ja', ''],
    email: ['ja', 'een lid met dit e-mailadres wordt overgeslagen (het bestaat al)'],
    phoneNumber: ['nee', ''],
    gender: ['nee', 'M of V'],
    dateOfBirth: ['nee', 'DD-MM-JJJJ of JJJJ-MM-DD; nodig bij een abonnement met leeftijdsgroepen'],
    street: ['nee', ''],
    houseNumber: ['nee', ''],
    postalCode: ['nee', 'een Nederlandse postcode, bijvoorbeeld 3511 AB'],
    city: ['nee', ''],
    subscription: ['ja', 'de naam van een abonnement van de sportschool'],
    variant: ['ja', 'de naam van een variant van dat abonnement'],
    location: ['ja', 'de naam van een locatie die het abonnement aanbiedt'],
    startDate: ['ja', 'DD-MM-JJJJ of JJJJ-MM-DD'],
    iban: ['nee', 'voor de automatische incasso'],
    accountHolder: ['nee', 'de naam op de rekening'],
    mandateReference: ['nee', 'het kenmerk van de machtiging (samen met "ondertekend op")'],
    mandateSignedOn: ['nee', 'de datum waarop de machtiging is ondertekend'],
  };
  for (const column of memberImportColumns) {
    const [required, note] = notes[column.key];
    help.addRow({ header: column.header, required, note });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
