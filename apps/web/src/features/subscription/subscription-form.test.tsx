import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { centsToEuros, eurosToCents, formatEuro } from './format';
import { NewSubscriptionPage } from './subscription-detail';
import { emptySubscription, onFormFields, toBody, toFormValues } from './subscription-values';
import { ageGroups, fitness, formLists } from './test-support';

// The whole subscription form with several variants, typed into: 16-30 s on a loaded two-core machine.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

/** Pastes `text` into `field` (one change instead of a render per key: this form re-renders every variant). */
async function paste(user: ReturnType<typeof renderNew>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function renderNew(language: 'nl' | 'en' = 'nl') {
  const onCreated = vi.fn();
  const onCancel = vi.fn();
  const result = renderWithQuery(<NewSubscriptionPage onCreated={onCreated} onCancel={onCancel} />, {
    language,
  });
  const form = screen.getByRole('form', {
    name: language === 'nl' ? 'Abonnement toevoegen' : 'Add subscription',
  });
  return { ...result, onCreated, onCancel, form };
}

const variantGroup = (number: number) => screen.getByRole('group', { name: `Variant ${number}` });
const combobox = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole('combobox', { name });

describe('money in the form', () => {
  it('is entered in euros and stored in cents without float errors', () => {
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(1234.5)).toBe(123450);
    expect(eurosToCents(undefined)).toBeNull();
    expect(centsToEuros(1999)).toBe(19.99);
    expect(centsToEuros(null)).toBeUndefined();
    expect(formatEuro(3495).replace(/\s/g, ' ')).toBe('€ 34,95');
  });
});

describe('the values of the form', () => {
  it('keeps each stored variant by its id and sends access fields only where the type uses them', () => {
    const values = toFormValues(fitness);
    expect(values.variants.map((item) => item.id)).toEqual([31, 32]);
    expect(values.locationIds).toEqual([5, 6]);
    expect(values.ageGroupIds).toEqual([1]);
    const body = toBody({
      ...values,
      description: values.description,
      order: 1,
      variants: values.variants.map((item) => ({
        ...item,
        oneOffCosts: item.oneOffCosts ?? 0,
        pricePerPeriod: item.pricePerPeriod ?? 0,
        durationPeriodAmount: item.durationPeriodAmount ?? 1,
        paymentPerPeriodAmount: item.paymentPerPeriodAmount ?? 1,
        noticePeriodAmount: item.noticePeriodAmount ?? 0,
        order: item.order ?? 0,
        accessPerPeriodAmount: item.accessPerPeriodAmount ?? 3,
        accessPerPeriodType: item.accessPerPeriodType ?? 0,
      })),
    });
    // Unlimited: neither; limited per period: both.
    expect(body.variants[0]).toMatchObject({
      id: 31,
      accessPerPeriodAmount: undefined,
      accessPerPeriodType: undefined,
    });
    expect(body.variants[1]).toMatchObject({ id: 32, accessPerPeriodAmount: 2, accessPerPeriodType: 0 });
  });

  it('starts with one variant at 9 % VAT', () => {
    const values = emptySubscription();
    expect(values.vatRate).toBe(9);
    expect(values.variants).toHaveLength(1);
    expect(values.variants[0]?.id).toBeUndefined();
  });

  it("puts the server's errors on a picked location or group under its select, a gone variant under its name", () => {
    const mapped = onFormFields({
      errors: [
        { key: 'locationIds[1]', message: 'subscription.errors.locationNotInGym' },
        { key: 'ageGroupIds[0]', message: 'subscription.errors.ageGroupNotFound' },
        { key: 'variants[2].id', message: 'subscription.errors.variantNotFound' },
        { key: 'variants[1].name', message: 'subscription.errors.variantNameTwice' },
        { key: 'name', message: 'subscription.errors.nameTaken' },
      ],
    });
    expect(mapped.errors.map((entry) => entry.key)).toEqual([
      'locationIds',
      'ageGroupIds',
      'variants[2].name',
      'variants[1].name',
      'name',
    ]);
  });
});

describe('the form of a new subscription', () => {
  it("checks the contract's rules before sending anything", async () => {
    const requests = fakeApi(formLists);
    const { user, form } = renderNew();
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));

    expect(within(form).getByRole('textbox', { name: /^Naam$/ })).toHaveAccessibleDescription(
      'Dit veld is verplicht',
    );
    expect(await within(form).findByText('Kies ten minste één locatie')).toBeInTheDocument();
    expect(
      within(variantGroup(1)).getByRole('textbox', { name: /Prijs per periode/ }),
    ).toHaveAccessibleDescription('Dit veld is verplicht');
    expect(
      within(variantGroup(1)).getByRole('textbox', { name: /Naam van de variant/ }),
    ).toHaveAccessibleDescription('Dit veld is verplicht');
    expect(requestsTo(requests, 'POST', '/api/Subscription')).toHaveLength(0);
  });

  it('shows the price incl. and excl. VAT as it is typed, and sends cents', async () => {
    const requests = fakeApi({
      ...formLists,
      'POST /api/Subscription': ({ body }) => ({
        data: { ...fitness, id: 40, name: (body as { name: string }).name },
      }),
    });
    const { user, form, onCreated } = renderNew();

    await user.type(within(form).getByRole('textbox', { name: /^Naam$/ }), 'Fitness basis');
    await user.click(combobox(/^Locaties/, form));
    await user.click(await screen.findByRole('option', { name: 'Vitaal Utrecht Centrum' }));

    const variant = variantGroup(1);
    await user.type(within(variant).getByRole('textbox', { name: /Naam van de variant/ }), 'Jaar');
    const price = within(variant).getByRole('textbox', { name: /Prijs per periode/ });
    await user.type(price, '34,95');
    await user.tab();
    expect(price).toHaveValue('€ 34,95');
    const split = screen.getByTestId('vat-split-0-pricePerPeriod');
    expect(split).toHaveTextContent('€ 34,95 incl. btw · € 32,06 excl. btw (9%)');

    // Entered without VAT: the amount is the price excl. VAT.
    await user.click(within(variant).getByRole('switch', { name: 'Prijs per periode incl. btw' }));
    expect(split).toHaveTextContent('€ 38,10 incl. btw · € 34,95 excl. btw (9%)');

    await user.click(combobox(/Btw-tarief/, form));
    await user.click(await screen.findByRole('option', { name: '21%' }));
    expect(split).toHaveTextContent('€ 42,29 incl. btw · € 34,95 excl. btw (21%)');

    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [post] = requestsTo(requests, 'POST', '/api/Subscription');
    expect(post?.body).toMatchObject({
      type: 0,
      name: 'Fitness basis',
      order: 0,
      vatRate: 21,
      locationIds: [6],
      ageGroupIds: [],
      timeSlotGroupIds: [],
      variants: [
        {
          name: 'Jaar',
          pricePerPeriod: 3495,
          pricePerPeriodIncludesVat: false,
          oneOffCosts: 0,
          oneOffCostsIncludesVat: true,
          durationPeriodAmount: 12,
          durationPeriodType: 1,
          accessType: 0,
          paymentPerPeriodAmount: 1,
          paymentPerPeriodType: 1,
          noticePeriodAmount: 1,
          noticePeriodType: 1,
          order: 0,
        },
      ],
    });
    const sent = (post?.body as { variants: Record<string, unknown>[] } | undefined)?.variants[0];
    expect(sent).not.toHaveProperty('id');
    expect(sent).not.toHaveProperty('accessPerPeriodAmount');
    expect(screen.getByText('Fitness basis is toegevoegd.')).toBeInTheDocument();
  });

  it('adds and removes variants, up to the last one, and refuses two with one name', async () => {
    const requests = fakeApi(formLists);
    const { user, form } = renderNew();
    expect(
      within(variantGroup(1)).queryByRole('button', { name: 'Variant 1 verwijderen' }),
    ).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Variant toevoegen' }));
    await user.click(within(form).getByRole('button', { name: 'Variant toevoegen' }));
    expect(screen.getAllByRole('group', { name: /^Variant \d$/ })).toHaveLength(3);
    // A new variant comes after the others.
    expect(within(variantGroup(3)).getByRole('textbox', { name: /^Volgorde/ })).toHaveValue('2');

    await paste(user, within(variantGroup(1)).getByRole('textbox', { name: /Naam van de variant/ }), 'Flex');
    await paste(user, within(variantGroup(2)).getByRole('textbox', { name: /Naam van de variant/ }), 'Jaar');
    await paste(user, within(variantGroup(3)).getByRole('textbox', { name: /Naam van de variant/ }), 'flex');
    await user.click(within(variantGroup(2)).getByRole('button', { name: 'Variant 2 verwijderen' }));
    expect(screen.getAllByRole('group', { name: /^Variant \d$/ })).toHaveLength(2);
    expect(within(variantGroup(2)).getByRole('textbox', { name: /Naam van de variant/ })).toHaveValue('flex');

    // The rule between the variants runs once every field is valid.
    await paste(user, within(form).getByRole('textbox', { name: /^Naam$/ }), 'Fitness');
    await user.click(combobox(/^Locaties/, form));
    await user.click(await screen.findByRole('option', { name: 'Vitaal Amersfoort' }));
    for (const number of [1, 2]) {
      await paste(
        user,
        within(variantGroup(number)).getByRole('textbox', { name: /Prijs per periode/ }),
        '30',
      );
    }
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(
      await within(variantGroup(2)).findByText(
        'Twee varianten hebben deze naam: geef elke variant een eigen naam',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Subscription')).toHaveLength(0);

    await user.click(within(variantGroup(2)).getByRole('button', { name: 'Variant 2 verwijderen' }));
    expect(
      within(variantGroup(1)).queryByRole('button', { name: 'Variant 1 verwijderen' }),
    ).not.toBeInTheDocument();
  });

  it('asks the access amount and period only for the access types that use them', async () => {
    fakeApi(formLists);
    const { user } = renderNew();
    const variant = variantGroup(1);
    expect(within(variant).queryByRole('textbox', { name: /Aantal keer/ })).not.toBeInTheDocument();

    await user.click(combobox(/^Toegang/, variant));
    await user.click(await screen.findByRole('option', { name: 'Beperkt per periode' }));
    expect(within(variant).getByRole('textbox', { name: /^Aantal keer/ })).toBeInTheDocument();
    expect(combobox(/^Per( \*)?$/, variant)).toHaveValue('per week');

    await user.click(combobox(/^Toegang/, variant));
    await user.click(await screen.findByRole('option', { name: 'Beperkt (in totaal)' }));
    expect(within(variant).getByRole('textbox', { name: /Aantal keer in totaal/ })).toBeInTheDocument();
    expect(within(variant).queryByRole('combobox', { name: /^Per( \*)?$/ })).not.toBeInTheDocument();

    await user.click(combobox(/^Toegang/, variant));
    await user.click(await screen.findByRole('option', { name: 'Onbeperkt' }));
    expect(within(variant).queryByRole('textbox', { name: /Aantal keer/ })).not.toBeInTheDocument();
  });

  it("shows the server's field errors on their fields: a taken name, a location, a variant's name", async () => {
    fakeApi({
      ...formLists,
      'POST /api/Subscription': () => ({
        status: 400,
        errors: [
          { key: 'name', message: 'subscription.errors.nameTaken' },
          { key: 'locationIds[0]', message: 'subscription.errors.locationNotInGym' },
          { key: 'variants[0].name', message: 'validation.tooLong' },
        ],
      }),
    });
    const { user, form } = renderNew();
    await user.type(within(form).getByRole('textbox', { name: /^Naam$/ }), 'Fitness');
    await user.click(combobox(/^Locaties/, form));
    await user.click(await screen.findByRole('option', { name: 'Vitaal Amersfoort' }));
    const variant = variantGroup(1);
    await user.type(within(variant).getByRole('textbox', { name: /Naam van de variant/ }), 'Jaar');
    await user.type(within(variant).getByRole('textbox', { name: /Prijs per periode/ }), '30');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /^Naam$/ })).toHaveAccessibleDescription(
        'Er is al een abonnement met deze naam',
      ),
    );
    expect(within(form).getByText('Deze locatie hoort niet bij je sportschool')).toBeInTheDocument();
    expect(within(variant).getByRole('textbox', { name: /Naam van de variant/ })).toHaveAccessibleDescription(
      'Deze waarde is te lang',
    );
  });

  it('says a failure without field errors in a toast', async () => {
    fakeApi({ ...formLists, 'POST /api/Subscription': () => failure(403, 'auth.forbidden') });
    const { user, form } = renderNew();
    await user.type(within(form).getByRole('textbox', { name: /^Naam$/ }), 'Fitness');
    await user.click(combobox(/^Locaties/, form));
    await user.click(await screen.findByRole('option', { name: 'Vitaal Amersfoort' }));
    const variant = variantGroup(1);
    await user.type(within(variant).getByRole('textbox', { name: /Naam van de variant/ }), 'Jaar');
    await user.type(within(variant).getByRole('textbox', { name: /Prijs per periode/ }), '30');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Abonnement kan niet worden toegevoegd')).toBeInTheDocument();
  });

  it('adds an age group in place and picks it', async () => {
    const groups = [...ageGroups];
    const requests = fakeApi({
      ...formLists,
      'GET /api/AgeGroup': () => ({ data: { items: groups, total: groups.length } }),
      'POST /api/AgeGroup': ({ body }) => {
        const created = {
          id: 9,
          subscriptionCount: 0,
          ...(body as { name: string; minimumAge: number; maximumAge: number }),
        };
        groups.push(created);
        return { data: created };
      },
    });
    const { user, form } = renderNew();
    await user.click(within(form).getByRole('button', { name: 'Nieuwe leeftijdsgroep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe leeftijdsgroep' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam$/ }), 'Volwassenen');
    const minimum = within(dialog).getByRole('textbox', { name: /Minimumleeftijd/ });
    await user.clear(minimum);
    await user.type(minimum, '30');
    const maximum = within(dialog).getByRole('textbox', { name: /Maximumleeftijd/ });
    await user.clear(maximum);
    await user.type(maximum, '18');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(
      await within(dialog).findByText('De maximumleeftijd mag niet lager zijn dan de minimumleeftijd'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/AgeGroup')).toHaveLength(0);
    await user.clear(maximum);
    await user.type(maximum, '64');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nieuwe leeftijdsgroep' })).not.toBeInTheDocument(),
    );
    expect(requestsTo(requests, 'POST', '/api/AgeGroup')[0]?.body).toEqual({
      name: 'Volwassenen',
      minimumAge: 30,
      maximumAge: 64,
    });
    // Picked at once, shown once the gym's groups are fetched again.
    expect(await within(form).findByText('Volwassenen (30 t/m 64 jaar)')).toBeInTheDocument();
  });

  it('is in English too', async () => {
    fakeApi(formLists);
    renderNew('en');
    expect(screen.getByRole('heading', { name: 'Add subscription' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Variant 1' })).toHaveTextContent('Price per period');
    expect(screen.getByRole('button', { name: 'Add variant' })).toBeInTheDocument();
  });
});
