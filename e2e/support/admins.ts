import { expect, type Page } from '@playwright/test';
import { mailedCode, newestMail } from './mailbox';

const invitedRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Uitgenodigde beheerders' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

/**
 * A signed-in admin invites `email` as a new admin from the invited admins page, and answers the link of
 * the invitation mail as a path (the mail links to the configured public address; this run serves the
 * same app on another host name).
 */
export async function inviteAdmin(page: Page, email: string): Promise<string> {
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Uitgenodigde beheerders' })
    .click();
  await expect(page).toHaveURL(/\/admin\/admins\/invited$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uitgenodigde beheerders' })).toBeVisible();
  await page.getByRole('button', { name: 'Beheerder uitnodigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beheerder uitnodigen' });
  await dialog.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await dialog.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(dialog.getByText(`Er is een uitnodiging verstuurd naar ${email}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(invitedRows(page).filter({ hasText: email })).toHaveCount(1);

  const invitation = await newestMail(page, email, 'Uitnodiging voor XP Back-office');
  const link = invitation.text.match(/https?:\/\/\S+\/account\/register\/admin\/\S+/)?.[0];
  expect(link, invitation.text).toBeTruthy();
  return new URL(link as string).pathname;
}

export interface NewAdmin {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * The invited admin registers from the invitation's link in a browser of their own, verifies with the
 * mailed code and lands signed in on the admin home page.
 */
export async function registerInvitedAdmin(
  page: Page,
  invitationPath: string,
  admin: NewAdmin,
): Promise<void> {
  await page.context().clearCookies();
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(admin.email);
  await page.getByRole('textbox', { name: 'Voornaam', exact: true }).fill(admin.firstName);
  await page.getByRole('textbox', { name: 'Achternaam', exact: true }).fill(admin.lastName);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(admin.password);
  await page.getByRole('textbox', { name: 'Herhaal wachtwoord', exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Registreren' }).click();

  await expect(page).toHaveURL(/\/account\/tfa\?code=/);
  await expect(page.getByRole('heading', { name: 'Vul je verificatiecode in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Verificatiecode' }).fill(await mailedCode(page, admin.email));
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Welkom, ${admin.firstName} ${admin.lastName}.`)).toBeVisible();
}
