import { inflateSync } from 'node:zlib';
import type { Invoice } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { brug, call, gym, ids, newMember, plain, t } from '../member/test-support.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { issue, lines, useInvoiceApp } from './invoice-test-setup.ts';

/*
 * An invoice's PDF (decision 016): what it shows, in the reader's language, the gym's KvK and VAT numbers,
 * further pages for many lines, and who may read it.
 */

useInvoiceApp();

/** WinAnsi is Latin-1 but for a few signs; of those the invoices use the euro (0x80). */
const winAnsi = { decode: (bytes: Buffer) => bytes.toString('latin1').replaceAll('\u0080', '€') };

/** The text a PDF shows: its streams inflated, the hex strings of its text operators decoded (WinAnsi). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      parts.push(
        [...text[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => winAnsi.decode(Buffer.from(hex[1]!, 'hex')))
          .join(''),
      );
  }
  return parts.join('\n');
}

describe('the PDF', () => {
  it('shows the issuer, number, dates, member, lines, VAT per rate and total, in the reader’s language', async () => {
    const member = await newMember();
    const invoice = await issue(member.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/Invoice/${invoice.id}/Pdf`,
      headers: { cookie: gym },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="factuur-${invoice.invoiceNumber}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const shown of [
      'Vitaal Sportcentra',
      'Vitaal Utrecht Centrum',
      'Factuur',
      invoice.invoiceNumber,
      member.fullName,
      'Personal training',
      'Sportdrank',
      'Btw 9% over € 2,29',
      'Btw 21% over € 74,38',
      '€ 92,50',
      'Graag betalen vóór',
    ])
      expect(text).toContain(shown);
  });

  it('shows the gym’s KvK and VAT numbers once they are set', async () => {
    ok(
      await call('PUT', '/Gym/InvoiceDetails', gym, {
        id: ids.vitaal,
        kvkNumber: '1234 5678',
        vatNumber: 'nl 8123.45.678.b01',
      }),
    );
    const invoice = await issue((await newMember()).id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/Invoice/${invoice.id}/Pdf`,
      headers: { cookie: gym },
    });
    const text = pdfText(response.rawPayload);
    expect(text).toContain('KvK 12345678');
    expect(text).toContain('Btw-id NL812345678B01');
  });

  it('runs onto further pages for an invoice of 50 lines, the total on the last', async () => {
    const member = await newMember();
    const many = Array.from({ length: 50 }, (_, at) => ({ ...lines[0]!, description: `Les ${at + 1}` }));
    const invoice = ok<Invoice>(
      await call('POST', '/Invoice', gym, { memberId: member.id, locationId: ids.utrecht, lines: many }),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/Invoice/${invoice.id}/Pdf`,
      headers: { cookie: gym },
    });
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.match(/\/Type \/Page\b/g)!.length).toBeGreaterThan(1);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Les 50');
    expect(text).toContain('€ 4.500,00');
  });

  it('is the invoice’s: another gym not found, without the right forbidden, signed out sign in', async () => {
    const invoice = await issue((await newMember()).id);
    const url = `/api/Invoice/${invoice.id}/Pdf`;
    expectFailure(
      await t.app.inject({ method: 'GET', url, headers: { cookie: brug } }),
      404,
      'general',
      'invoice.errors.notFound',
    );
    expectForbidden(await t.app.inject({ method: 'GET', url, headers: { cookie: plain } }));
    expectSignInRequired(await t.app.inject({ method: 'GET', url }));
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/Invoice/99999999999/Pdf',
      headers: { cookie: gym },
    });
    expect(odd.statusCode).toBe(404);
  });
});
