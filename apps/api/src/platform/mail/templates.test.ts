import { describe, expect, it } from 'vitest';
import { type MailTemplateData, mailTemplates, renderMail } from './templates.ts';

const link = 'https://backoffice.example.nl/account/reset-password?token=abc&x=1';
const samples: MailTemplateData = {
  invitation: { inviterName: 'Anna', organisationName: 'Vitaal Utrecht', kindLabel: 'beheerder', link },
  tfaCode: { code: '012345', minutes: 10 },
  passwordReset: { link, minutes: 60 },
  emailChange: { link },
  accountDeletionRequest: { link },
  invoicePaymentLink: {
    gymName: 'Vitaal Sportcentra',
    invoiceNumber: '2026-000042',
    amount: '€ 92,50',
    dueDate: '12-12-2026',
    link,
    cancelLink: null,
  },
  invoiceIssued: {
    gymName: 'Vitaal Sportcentra',
    invoiceNumber: '2026-000043',
    amount: '€ 39,95',
    dueDate: '01-12-2026',
    period: '01-12-2026 t/m 31-12-2026',
    payLink: link,
    cancelLink: `${link}&cancel=1`,
    directDebit: {
      collectionDate: '01-12-2026',
      ibanEnding: '4300',
      mandateReference: 'XP-1-42',
      creditorId: 'NL98ZZZ999999999999',
    },
  },
  invoicePaymentFailed: {
    gymName: 'Vitaal Sportcentra',
    invoiceNumber: '2026-000043',
    amount: '€ 39,95',
    retryDate: '06-12-2026',
    payLink: link,
    cancelLink: link,
  },
  invoiceReminder: {
    gymName: 'Vitaal Sportcentra',
    invoiceNumber: '2026-000043',
    amount: '€ 39,95',
    dueDate: '01-12-2026',
    payBy: '29-12-2026',
    payLink: link,
    cancelLink: link,
  },
  refundOwed: { organisationName: 'Vitaal Sportcentra', reference: 'factuur 2026-000042', amount: '€ 24,95' },
  membershipEnded: {
    gymName: 'Vitaal Sportcentra',
    subscriptionName: 'Fitness Basis',
    endDate: '31-12-2026',
  },
  signUpConfirm: { gymName: 'Vitaal Sportcentra', link, kind: 'signUp' },
  supplierDecision: { supplierName: 'FitSupply Nederland', decision: 'accepted', link },
  productOrderPlaced: {
    followNumber: 'PO-000042',
    productName: 'Loopband X1',
    quantity: 1,
    amount: '€ 1.210,00',
    locationName: 'Vitaal Utrecht Centrum',
    payLink: link,
  },
  productOrderStatus: {
    followNumber: 'PO-000042',
    productName: 'Loopband X1',
    status: 3,
    deliveryDate: '12-12-2026',
  },
  paymentKeyChanged: {
    gymName: 'Vitaal Sportcentra',
    locationName: 'Vitaal Utrecht Centrum',
    changedBy: 'Mees Medewerker',
    changedAt: '29-11-2026 01:30',
    change: 'replaced',
    mode: 'live',
    keyEnding: '9876',
  },
};

describe('mail templates', () => {
  it.each(mailTemplates)('%s renders in nl and en, as text and HTML, in the plain layout', (template) => {
    const nl = renderMail(template, 'nl', samples[template] as never);
    const en = renderMail(template, 'en', samples[template] as never);
    for (const [language, mail] of [
      ['nl', nl],
      ['en', en],
    ] as const) {
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.text.startsWith('XP Back-office\n')).toBe(true);
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain('XP Back-office');
      expect(mail.text).not.toMatch(/<[a-z]/i);
    }
    expect(nl.subject).not.toBe(en.subject);
    expect(nl.text).toContain('Deze e-mail is automatisch verstuurd door XP Back-office');
    expect(en.text).toContain('This email was sent automatically by XP Back-office');
    if ('link' in samples[template]) {
      // The link works in both forms: as is in the text, attribute-escaped in the HTML.
      expect(nl.text).toContain(link);
      expect(nl.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    }
  });

  it('asks an address with an account to answer the invitation instead of creating one', () => {
    const nl = renderMail('invitation', 'nl', { ...samples.invitation, hasAccount: true });
    expect(nl.text).toContain('Je hebt al een account met dit e-mailadres');
    expect(nl.text).toContain('Uitnodiging bekijken');
    expect(nl.text).not.toContain('Account aanmaken');
    const en = renderMail('invitation', 'en', { ...samples.invitation, hasAccount: true });
    expect(en.text).toContain('View invitation');
    expect(renderMail('invitation', 'en', samples.invitation).text).toContain('Create account');
  });

  it('puts the data of each template in the mail', () => {
    const tfa = renderMail('tfaCode', 'nl', { code: '012345', minutes: 10 });
    expect(tfa.text).toContain('012345');
    expect(tfa.text).toContain('De code is 10 minuten geldig.');
    expect(renderMail('tfaCode', 'en', { code: '1', minutes: 1 }).text).toContain('valid for 1 minute.');
    expect(renderMail('passwordReset', 'nl', { link, minutes: 60 }).text).toContain('60 minuten');

    const withOrganisation = renderMail('invitation', 'en', samples.invitation);
    expect(withOrganisation.text).toContain(
      'Anna invites you to XP Back-office as beheerder at Vitaal Utrecht.',
    );
    const withoutOrganisation = renderMail('invitation', 'nl', {
      inviterName: 'Anna',
      kindLabel: 'beheerder',
      link,
    });
    expect(withoutOrganisation.text).toContain('Anna nodigt je uit voor XP Back-office als beheerder.');
  });

  it('escapes data in the HTML and leaves it as is in the text', () => {
    const hostile = {
      inviterName: '<script>alert("x")</script>',
      organisationName: `Tom & Jerry's <b>gym</b>`,
      kindLabel: '<img src=x onerror=alert(1)>',
      link: 'https://example.nl/"><script>alert(1)</script>',
    };
    const mail = renderMail('invitation', 'nl', hostile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>gym');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; Jerry&#39;s &lt;b&gt;gym&lt;/b&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The link is a URL: what would break out of the attribute is percent-encoded.
    expect(mail.html).toContain('href="https://example.nl/%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
    expect(mail.text).toContain('<script>alert("x")</script>');
    expect(mail.text).toContain(`Tom & Jerry's <b>gym</b>`);

    const code = renderMail('tfaCode', 'en', { code: '<b>1</b>', minutes: 10 });
    expect(code.html).toContain('&lt;b&gt;1&lt;/b&gt;');
  });

  it('refuses links that are not http(s)', () => {
    expect(() => renderMail('emailChange', 'nl', { link: 'javascript:alert(1)' })).toThrow();
    expect(() => renderMail('emailChange', 'nl', { link: '/relative/path' })).toThrow();
  });
});
