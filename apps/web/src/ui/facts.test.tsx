import { describe, expect, it } from 'vitest';
import { renderWithProviders, screen } from '@/test/render';
import { Facts } from './facts';

/** The description list's terms and details, in order, as [term, detail] pairs. */
const pairs = () => {
  const terms = screen.getAllByRole('term').map((term) => term.textContent);
  const details = screen.getAllByRole('definition').map((detail) => detail.textContent);
  return terms.map((term, index) => [term, details[index]]);
};

describe('Facts', () => {
  it('lists label-value pairs as a description list, leaving out the facts that are not there', () => {
    const hasPhone = false;
    renderWithProviders(
      <Facts
        rows={[
          ['Naam', 'Noor Jansen'],
          hasPhone && ['Telefoon', '06 12345678'],
          null,
          { label: 'Totaal', value: <strong>€ 49,99</strong>, testId: 'total' },
        ]}
      />,
    );
    expect(pairs()).toEqual([
      ['Naam', 'Noor Jansen'],
      ['Totaal', '€ 49,99'],
    ]);
    expect(screen.getByTestId('total')).toHaveTextContent('€ 49,99');
  });

  it.each(['spread', 'stacked'] as const)('is the same list in the %s layout', (layout) => {
    renderWithProviders(
      <Facts
        layout={layout}
        rows={[
          ['Factuurnummer', '2026-0001'],
          { key: 'description', label: 'Omschrijving', value: 'Twee regels\ntekst', wide: true },
        ]}
      />,
    );
    expect(pairs()).toEqual([
      ['Factuurnummer', '2026-0001'],
      ['Omschrijving', 'Twee regels\ntekst'],
    ]);
  });
});
