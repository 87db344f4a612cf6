import type { Invoice, Language } from '@xp/contracts';
import PDFDocument from 'pdfkit';

/** What the invoice says of its issuer: the gym, and the location it was issued from (its address). */
export interface Issuer {
  gymName: string;
  /** KvK number and VAT identification number, as the gym set them (null: not yet). */
  kvkNumber: string | null;
  vatNumber: string | null;
  locationName: string;
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  email: string | null;
}

const texts = {
  nl: {
    invoice: 'Factuur',
    credit: 'Creditfactuur',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    to: 'Aan',
    description: 'Omschrijving',
    quantity: 'Aantal',
    price: 'Prijs excl. btw',
    vat: 'Btw',
    amount: 'Bedrag incl. btw',
    subtotal: 'Subtotaal excl. btw',
    vatLine: (rate: number, base: string) => `Btw ${rate}% over ${base}`,
    total: 'Totaal',
    paid: (date: string) => `Betaald op ${date}.`,
    payBefore: (date: string) => `Graag betalen vóór ${date}.`,
    cancelled: 'Deze factuur is geannuleerd met een creditfactuur.',
    creditFor: (number: string) => `Deze creditfactuur annuleert factuur ${number}.`,
    kvk: 'KvK',
    vatId: 'Btw-id',
  },
  en: {
    invoice: 'Invoice',
    credit: 'Credit invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    due: 'Due date',
    to: 'To',
    description: 'Description',
    quantity: 'Quantity',
    price: 'Price excl. VAT',
    vat: 'VAT',
    amount: 'Amount incl. VAT',
    subtotal: 'Subtotal excl. VAT',
    vatLine: (rate: number, base: string) => `VAT ${rate}% on ${base}`,
    total: 'Total',
    paid: (date: string) => `Paid on ${date}.`,
    payBefore: (date: string) => `Please pay before ${date}.`,
    cancelled: 'This invoice has been cancelled by a credit invoice.',
    creditFor: (number: string) => `This credit invoice cancels invoice ${number}.`,
    kvk: 'Chamber of Commerce',
    vatId: 'VAT ID',
  },
};

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
/** `€ 49,50` (a plain space: the PDF's standard font has the euro sign, not the no-break space). */
export const formatEuroCents = (cents: number) => euro.format(cents / 100).replace(/\u00a0/g, ' ');
/** YYYY-MM-DD (or an ISO instant) as DD-MM-YYYY, the spec's date format. */
export const dutchDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
const money = formatEuroCents;
const day = dutchDate;

/**
 * The invoice as a PDF (A4, pdfkit's standard Helvetica): issuer and address, the invoice's number and
 * dates, the member, the lines with their VAT rate, the VAT per rate, the total, and whether it is paid or
 * when it is due. `creditedNumber`: the number of the invoice a credit invoice cancels.
 */
export function invoicePdf(
  invoice: Invoice,
  issuer: Issuer,
  language: Language,
  creditedNumber: string | null,
  /** A remark printed above the paid or due note (the VAT treatment of XP). */
  remark?: string,
): Promise<Buffer> {
  const t = texts[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.invoice} ${invoice.invoiceNumber}`, Author: issuer.gymName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  // The issuer, top left.
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(issuer.gymName, left, 50, { width: width / 2 });
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  const address = [
    issuer.locationName,
    [issuer.street, issuer.houseNumber].filter(Boolean).join(' '),
    [issuer.postalCode, issuer.city].filter(Boolean).join(' '),
    issuer.email,
    issuer.kvkNumber && `${t.kvk} ${issuer.kvkNumber}`,
    issuer.vatNumber && `${t.vatId} ${issuer.vatNumber}`,
  ].filter((line): line is string => Boolean(line));
  for (const line of address) doc.text(line, { width: width / 2 });
  const belowIssuer = doc.y;

  // The invoice's title, number and dates, top right.
  const isCredit = invoice.creditedInvoiceId !== null;
  const right = left + width / 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(isCredit ? t.credit : t.invoice, right, 50, {
      width: width / 2,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  for (const [label, value] of [
    [t.number, invoice.invoiceNumber],
    [t.date, day(invoice.invoiceDate)],
    [t.due, day(invoice.dueDate)],
  ] as const)
    doc.text(`${label}: ${value}`, right, undefined, { width: width / 2, align: 'right' });

  // The member.
  doc.font('Helvetica-Bold').text(`${t.to}:`, left, Math.max(170, belowIssuer + 25));
  doc.font('Helvetica').text(invoice.memberName, left, undefined);

  // The lines.
  const columns = [
    { title: t.description, x: left, width: 210, align: 'left' as const },
    { title: t.quantity, x: left + 215, width: 50, align: 'right' as const },
    { title: t.price, x: left + 270, width: 85, align: 'right' as const },
    { title: t.vat, x: left + 360, width: 40, align: 'right' as const },
    { title: t.amount, x: left + 405, width: width - 405, align: 'right' as const },
  ];
  let y = Math.max(230, doc.y + 35);
  doc.font('Helvetica-Bold');
  for (const column of columns)
    doc.text(column.title, column.x, y, { width: column.width, align: column.align });
  y += 18;
  doc
    .moveTo(left, y - 4)
    .lineTo(left + width, y - 4)
    .lineWidth(0.5)
    .stroke();
  doc.font('Helvetica');
  /** A new page when the next block would run past the bottom margin (an invoice has up to 50 lines). */
  const room = (height: number) => {
    if (y + height <= doc.page.height - 60) return;
    doc.addPage();
    y = 50;
  };
  for (const line of invoice.lines) {
    const cells = [
      line.description,
      String(line.quantity),
      money(line.unitPriceCents),
      `${line.vatRate}%`,
      money(line.totalCents),
    ];
    const height = doc.heightOfString(line.description, { width: columns[0]!.width });
    room(Math.max(height, 12) + 6);
    columns.forEach((column, at) => {
      doc.text(cells[at]!, column.x, y, { width: column.width, align: column.align });
    });
    y += Math.max(height, 12) + 6;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 10;

  // The totals: subtotal, VAT per rate, total.
  const total = (label: string, value: string, bold = false) => {
    room(16);
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, left + 200, y, { width: 200, align: 'right' });
    doc.text(value, left + 405, y, { width: width - 405, align: 'right' });
    y += 16;
  };
  total(t.subtotal, money(invoice.subtotal));
  for (const rate of invoice.vat) total(t.vatLine(rate.rate, money(rate.baseCents)), money(rate.vatCents));
  total(t.total, money(invoice.totalAmount), true);

  // Paid, due, or cancelled.
  y += 20;
  doc.font('Helvetica').fontSize(10);
  const note =
    isCredit && creditedNumber
      ? t.creditFor(creditedNumber)
      : invoice.creditInvoiceId !== null
        ? t.cancelled
        : invoice.paidAt
          ? t.paid(day(invoice.paidAt))
          : t.payBefore(day(invoice.dueDate));
  if (remark) {
    room(30);
    doc.text(remark, left, y, { width });
    y = doc.y + 8;
  }
  room(30);
  doc.text(note, left, y, { width });
  doc.end();
  return done;
}
