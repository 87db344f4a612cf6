import { PeriodType, type PublicMembership } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen } from '@/test/render';
import { CancelMembershipPage } from './cancel-membership-page';

const token = '7.abcdefghijklmnopqrstuv';
const path = `/api/Membership/Public/${token}`;
const cancelPath = `${path}/Cancel`;

const running: PublicMembership = {
  gymName: 'Vitaal Utrecht',
  firstName: 'Sanne',
  subscriptionName: 'Onbeperkt sporten',
  variantName: 'Maandelijks',
  startDate: '2025-09-01',
  endDate: null,
  noticePeriodAmount: 1,
  noticePeriodType: PeriodType.Month,
  earliestEndDate: '2026-04-12',
  canCancel: true,
};
const cancelled: PublicMembership = { ...running, endDate: '2026-04-12', canCancel: false };

afterEach(() => vi.unstubAllGlobals());

const renderPage = (language: 'nl' | 'en' = 'nl') =>
  renderWithQuery(<CancelMembershipPage token={token} />, { language });

describe('the cancel page of a membership mail', () => {
  it('shows that it is loading, then the membership, its notice period and the end that follows', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: running }) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Een moment geduld');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vitaal Utrecht' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Abonnement opzeggen' })).toBeInTheDocument();
    expect(screen.getByText('Hoi Sanne,')).toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(facts).toEqual(['Onbeperkt sportenMaandelijks', '01-09-2025', '1 maand']);
    expect(
      screen.getByText('Zeg je vandaag op? Je abonnement loopt dan tot en met 12-04-2026.'),
    ).toBeInTheDocument();
  });

  it('cancels only after the explicit second step, then confirms the end date and the mail', async () => {
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: running }),
      [`POST ${cancelPath}`]: () => ({ data: cancelled }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Abonnement opzeggen' }));
    expect(requestsTo(requests, 'POST', cancelPath)).toHaveLength(0);
    const question = screen.getByRole('heading', { name: 'Weet je het zeker?' });
    expect(question).toHaveFocus();
    expect(screen.getByText(/loopt dan tot en met 12-04-2026\. Daarna/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ja, opzeggen' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Je abonnement is opgezegd');
    expect(done).toHaveTextContent(
      'Je abonnement loopt tot en met 12-04-2026. Je ontvangt een bevestiging per e-mail.',
    );
    expect(done).toHaveFocus();
    expect(requestsTo(requests, 'POST', cancelPath)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /opzeggen/ })).not.toBeInTheDocument();
  });

  it('goes back without cancelling', async () => {
    const requests = fakeApi({ [`GET ${path}`]: () => ({ data: running }) });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Abonnement opzeggen' }));
    await user.click(screen.getByRole('button', { name: 'Nee, niet opzeggen' }));
    expect(screen.queryByRole('heading', { name: 'Weet je het zeker?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abonnement opzeggen' })).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', cancelPath)).toHaveLength(0);
  });

  it('says a membership that already ends cannot be cancelled again', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: { ...cancelled, endDate: '2099-01-31' } }) });
    renderPage();
    expect(await screen.findByText(/al opgezegd\. Het loopt tot en met 31-01-2099/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abonnement opzeggen' })).not.toBeInTheDocument();
  });

  it('says a membership that has ended has ended', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: { ...cancelled, endDate: '2020-01-31' } }) });
    renderPage();
    expect(await screen.findByText('Je abonnement is beëindigd op 31-01-2020.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abonnement opzeggen' })).not.toBeInTheDocument();
  });

  it('says when cancelling failed, and lets the member try again', async () => {
    let isUp = false;
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: running }),
      [`POST ${cancelPath}`]: () => (isUp ? { data: cancelled } : failure(429, 'auth.tooManyAttempts')),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Abonnement opzeggen' }));
    await user.click(screen.getByRole('button', { name: 'Ja, opzeggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/te vaak geprobeerd/);
    isUp = true;
    await user.click(screen.getByRole('button', { name: 'Ja, opzeggen' }));
    expect(await screen.findByText(/Je ontvangt een bevestiging per e-mail/)).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', cancelPath)).toHaveLength(2);
  });

  it('says an unknown or forged link is not right', async () => {
    fakeApi({ [`GET ${path}`]: () => failure(404, 'billing.errors.linkNotFound') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link klopt niet of is verlopen.');
    expect(screen.getByRole('heading', { level: 1, name: 'Abonnement opzeggen' })).toBeInTheDocument();
  });

  it('names the notice period in words, and speaks English', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({
        data: { ...running, noticePeriodAmount: 2, noticePeriodType: PeriodType.Week },
      }),
    });
    renderPage('en');
    expect(await screen.findByText('2 weeks')).toBeInTheDocument();
    expect(screen.getByText('Hi Sanne,')).toBeInTheDocument();
    expect(
      screen.getByText('Cancelling today? Your membership then runs up to and including 12-04-2026.'),
    ).toBeInTheDocument();
  });

  it('says when there is no notice period', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: { ...running, noticePeriodAmount: 0 } }) });
    renderPage();
    const notice = await screen.findByText('Opzegtermijn');
    expect(notice.nextElementSibling).toHaveTextContent('Geen');
  });
});
