import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { OrderWizardPanel } from './order-wizard';
import { catalogue, memberRow, memberWithoutAddress, order } from './test-support';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const routes = (overrides: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/FitnessProduct/AllWithProducts': () => ({ data: catalogue }),
    'GET /api/Member': () => ({ data: { items: [memberRow] } }),
    'GET /api/Member/12': () => ({ data: memberWithoutAddress }),
    'POST /api/ProductOrder': () => ({ data: order() }),
    ...overrides,
  });

function renderWizard(language: 'nl' | 'en' = 'nl') {
  const onOpenOrder = vi.fn();
  const result = renderWithQuery(<OrderWizardPanel opened onClose={vi.fn()} onOpenOrder={onOpenOrder} />, {
    language,
  });
  return { ...result, onOpenOrder };
}

/** Types a text at once (a paste): the wizard's many fields make typing key by key slow. */
async function fill(user: ReturnType<typeof renderWizard>['user'], element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

/** 'Volgende' (found by its text: a role query over the whole panel is slow). */
const next = () => screen.getByText('Volgende').closest('button') as HTMLElement;

describe('the order wizard', () => {
  it('needs a product, and for a member the address fields they lack', async () => {
    routes();
    const { user } = renderWizard();
    await screen.findByRole('radio', { name: /Loopband T900/ });
    expect(screen.getByRole('radio', { name: /Loopband T900/ })).toHaveTextContent('€ 1.814,99 incl. btw');
    expect(screen.getByRole('radio', { name: /Loopband T900/ })).toHaveTextContent('€ 1.499,99 excl. btw');

    // Step 1 stays until a product is chosen.
    await user.click(next());
    expect(await screen.findByText('Kies een product')).toBeInTheDocument();
    await fill(user, screen.getByRole('searchbox', { name: 'Zoek een product of leverancier' }), 'trainer');
    expect(screen.queryByRole('radio', { name: /Loopband T900/ })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Zoek een product of leverancier' }));
    await user.click(screen.getByRole('radio', { name: /Loopband T900/ }));
    await user.click(next());

    // Step 2: a member is needed; the chosen one lacks street, house number and email.
    await screen.findByText('Volgende');
    await user.click(next());
    expect(await screen.findByText('Kies een lid')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Anouk de Vries/ }));
    expect(
      await screen.findByText(
        'Van dit lid ontbreken gegevens die nodig zijn voor de bestelling. Vul ze hieronder aan.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Straat/)).toBeRequired();
    expect(screen.getByLabelText(/Huisnummer/)).toBeRequired();
    expect(screen.getByLabelText(/E-mailadres/)).toBeRequired();
    // What the member has is not asked.
    expect(screen.queryByRole('textbox', { name: /Plaats/ })).not.toBeInTheDocument();
    await user.click(next());
    expect(await screen.findAllByText('Dit veld is verplicht')).toHaveLength(3);
    expect(screen.getByLabelText(/Straat/)).toBeInTheDocument();
  });

  it('asks the iFit option for a product with iFit before the payment opens', async () => {
    routes();
    const { user } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /Fiets met iFit/ }));
    await user.click(next());
    await user.click(await screen.findByRole('radio', { name: 'Nieuwe klant' }));
    const field = (name: RegExp) => screen.getByLabelText(name);
    await fill(user, field(/Voornaam/), 'Bram');
    await fill(user, field(/Achternaam/), 'Jansen');
    await fill(user, field(/Straat/), 'Kerkweg');
    await fill(user, field(/Huisnummer/), '3');
    await fill(user, field(/Postcode/), '3511AB');
    await fill(user, field(/Plaats/), 'Utrecht');
    await fill(user, screen.getByLabelText(/E-mailadres/), 'bram@example.com');
    await user.click(next());

    const group = await screen.findByRole('radiogroup', { name: /iFit-abonnement/ });
    await user.click(next());
    expect(await screen.findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /Betaaltermijn/ })).not.toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: '2 gebruikers' }));
    await user.click(next());
    expect(await screen.findByRole('radiogroup', { name: /Betaaltermijn/ })).toBeInTheDocument();
  });

  it('places an order for a member through the six steps and shows the follow number and pay link', async () => {
    const requests = routes();
    const { user, onOpenOrder } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /Personal trainer thuis/ }));
    await user.click(next());
    await user.click(await screen.findByRole('radio', { name: /Anouk de Vries/ }));
    await fill(user, await screen.findByLabelText(/Straat/), 'Dorpsstraat');
    await fill(user, screen.getByLabelText(/Huisnummer/), '12');
    await fill(user, screen.getByLabelText(/E-mailadres/), 'anouk@example.com');
    await user.click(next());

    await user.click(await screen.findByRole('radio', { name: 'Ander adres' }));
    await fill(user, screen.getByLabelText(/Straat/), 'Werkstraat');
    await fill(user, screen.getByLabelText(/Huisnummer/), '1');
    await fill(user, screen.getByLabelText(/Postcode/), '1011 AA');
    await fill(user, screen.getByLabelText(/Plaats/), 'Amsterdam');
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await user.click(screen.getByRole('radio', { name: '24 maanden' }));
    await user.click(next());

    await user.click(await screen.findByRole('radio', { name: 'Per maand' }));
    await user.click(screen.getByRole('radio', { name: 'iDEAL' }));
    await user.click(next());

    // The summary: the price with and without VAT (per month), the customer and the delivery.
    const summary = await screen.findByText(/Controleer de bestelling/);
    const panel = summary.closest('form') as HTMLElement;
    expect(panel).toHaveTextContent('€ 60,00 per maand');
    expect(panel).toHaveTextContent('€ 5,40 per maand');
    expect(panel).toHaveTextContent('€ 65,40 per maand');
    expect(panel).toHaveTextContent('Anouk de Vries');
    expect(panel).toHaveTextContent('Dorpsstraat 12, 1234 AB Utrecht');
    expect(panel).toHaveTextContent('Werkstraat 1, 1011 AA Amsterdam');
    expect(panel).toHaveTextContent('24 maanden');
    await user.click(screen.getByRole('button', { name: 'Bestellen' }));

    await waitFor(() => expect(requestsTo(requests, 'POST', '/api/ProductOrder')).toHaveLength(1));
    expect(requestsTo(requests, 'POST', '/api/ProductOrder')[0]?.body).toEqual({
      productId: 10,
      quantity: 1,
      memberId: 12,
      street: 'Dorpsstraat',
      houseNumber: '12',
      email: 'anouk@example.com',
      deliverySameAsRegular: false,
      deliveryStreet: 'Werkstraat',
      deliveryHouseNumber: '1',
      deliveryPostalCode: '1011 AA',
      deliveryCity: 'Amsterdam',
      floor: 0,
      elevatorOnLocation: 1,
      particularities: '',
      personalTrainerDuration: 1,
      paymentFrequency: 0,
      paymentMethod: 0,
    });
    expect(await screen.findByText('Bestelling geplaatst')).toBeInTheDocument();
    expect(screen.getAllByText('PO-000031').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Betaallink' })).toHaveValue(
      'https://pay.example.com/checkout/abc',
    );
    expect(screen.getByRole('link', { name: 'Betaalpagina openen' })).toHaveAttribute(
      'href',
      'https://pay.example.com/checkout/abc',
    );
    expect(screen.queryByRole('button', { name: 'Bestellen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bestelling bekijken' }));
    expect(onOpenOrder).toHaveBeenCalledWith(31);
  });

  it("puts a server error on its field and step, and says 'order add failed' otherwise", async () => {
    let reply = failure(400, 'validation.postalCode', 'DeliveryPostalCode');
    routes({ 'POST /api/ProductOrder': () => reply });
    const { user } = renderWizard();
    await user.click(await screen.findByRole('radio', { name: /Loopband T900/ }));
    await user.click(next());
    await user.click(await screen.findByRole('radio', { name: /Anouk de Vries/ }));
    await fill(user, await screen.findByLabelText(/Straat/), 'Dorpsstraat');
    await fill(user, screen.getByLabelText(/Huisnummer/), '12');
    await fill(user, screen.getByLabelText(/E-mailadres/), 'anouk@example.com');
    await user.click(next());
    await user.click(await screen.findByRole('radio', { name: 'Ander adres' }));
    await fill(user, screen.getByLabelText(/Straat/), 'Werkstraat');
    await fill(user, screen.getByLabelText(/Huisnummer/), '1');
    await fill(user, screen.getByLabelText(/Postcode/), '1011 AA');
    await fill(user, screen.getByLabelText(/Plaats/), 'Amsterdam');
    await user.click(next());
    await user.click(await screen.findByRole('radio', { name: 'Vooruit' }));
    await user.click(screen.getByRole('radio', { name: 'Op factuur' }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Bestellen' }));
    // Back on the delivery step with the server's message under the postal code.
    expect(await screen.findByText('Vul een geldige postcode in (1234 AB)')).toBeInTheDocument();
    expect(screen.getByLabelText(/Postcode/)).toHaveValue('1011 AA');

    reply = failure(409, 'productOrder.errors.supplierNotActive', '');
    await user.click(next());
    await screen.findByText('Volgende');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Bestellen' }));
    expect(
      await screen.findByText('De bestelling kon niet worden geplaatst. Probeer het later opnieuw.'),
    ).toBeInTheDocument();
    expect(screen.getByText('De leverancier van dit product is niet actief.')).toBeInTheDocument();
  });
});
