import { describe, expect, it } from 'vitest';
import { PeriodType } from './enums.ts';
import { addPeriods, dutchToday, earliestEndDate } from './member.ts';
import { isSignUpResultPath } from './return-path.ts';
import { fitsAgeGroups, ibanSchema, signUpInput } from './sign-up.ts';
import './zod-setup.ts';

/* The rules the sign-up form and the server share (decision 018), and the calendar of the billing (017). */

describe('addPeriods', () => {
  it('adds weeks as days, and months and years by the calendar, the day clamped to the month', () => {
    expect(addPeriods('2026-01-31', 1, PeriodType.Month)).toBe('2026-02-28');
    expect(addPeriods('2028-01-31', 1, PeriodType.Month)).toBe('2028-02-29');
    expect(addPeriods('2026-01-31', 2, PeriodType.Month)).toBe('2026-03-31');
    expect(addPeriods('2026-12-15', 1, PeriodType.Month)).toBe('2027-01-15');
    expect(addPeriods('2028-02-29', 1, PeriodType.Year)).toBe('2029-02-28');
    expect(addPeriods('2026-12-28', 1, PeriodType.Week)).toBe('2027-01-04');
    expect(addPeriods('2026-03-10', 0, PeriodType.Month)).toBe('2026-03-10');
  });

  it('ends a membership after its notice period, never before it starts', () => {
    expect(earliestEndDate('2026-11-28', '2026-01-01', 1, PeriodType.Month)).toBe('2026-12-28');
    expect(earliestEndDate('2026-11-28', '2027-03-01', 1, PeriodType.Month)).toBe('2027-03-01');
    expect(earliestEndDate('2026-11-28', '2026-01-01', 0, PeriodType.Month)).toBe('2026-11-28');
  });
});

describe('the sign-up rules', () => {
  it('fit an age on the start day into one of the age groups (none: every age)', () => {
    const groups = [{ minimumAge: 18, maximumAge: 25 }];
    expect(fitsAgeGroups([], '2020-01-01', '2026-11-28')).toBe(true);
    expect(fitsAgeGroups(groups, '2008-11-28', '2026-11-28')).toBe(true);
    expect(fitsAgeGroups(groups, '2008-11-29', '2026-11-28')).toBe(false);
    expect(fitsAgeGroups(groups, '2000-11-28', '2026-11-28')).toBe(false);
    expect(fitsAgeGroups(groups, '2000-11-29', '2026-11-28')).toBe(true);
  });

  it('check an IBAN with its check digits and keep it in electronic format', () => {
    expect(ibanSchema.parse('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(ibanSchema.parse('BE68539007547034')).toBe('BE68539007547034');
    for (const wrong of ['NL91ABNA0417164301', 'NL91ABNA041716430', 'hallo', ''])
      expect(ibanSchema.safeParse(wrong).error?.issues[0]?.message).toBe('signUp.errors.ibanInvalid');
  });

  it('want the passwords alike, a start today to three months ahead, and no honeypot', () => {
    const today = dutchToday();
    const body = {
      locationId: 1,
      subscriptionId: 1,
      variantId: 1,
      startDate: today,
      email: 'fleur@example.nl',
      password: 'een lang wachtwoord 42',
      confirmPassword: 'een lang wachtwoord 42',
      phoneNumber: '06 12345678',
      gender: 1,
      firstName: 'Fleur',
      lastName: 'Jansen',
      dateOfBirth: '1995-03-04',
      street: 'Biltstraat',
      houseNumber: '8',
      postalCode: '3572AB',
      city: 'Utrecht',
      accountHolder: 'F. Jansen',
      iban: 'NL91ABNA0417164300',
    };
    expect(signUpInput.parse(body)).toMatchObject({ postalCode: '3572 AB', kiosk: false });
    const keysOf = (value: object) =>
      signUpInput
        .safeParse({ ...body, ...value })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(keysOf({ confirmPassword: 'anders' })).toEqual([
      ['confirmPassword', 'validation.passwordMismatch'],
    ]);
    expect(keysOf({ startDate: addPeriods(today, 4, PeriodType.Month) })).toEqual([
      ['startDate', 'signUp.errors.startDate'],
    ]);
    expect(keysOf({ startDate: '2020-01-01' })).toEqual([['startDate', 'signUp.errors.startDate']]);
    expect(keysOf({ website: 'x' })).toEqual([['website', 'signUp.errors.refused']]);
    expect(keysOf({ gender: 2 })?.[0]?.[0]).toBe('gender');
  });

  it("take only the result page's own path as where a payment comes back to", () => {
    for (const path of [
      '/inschrijven/resultaat/42.abcdefghijklmnopqrstuv',
      '/inschrijven/resultaat/42.abc?terug=%2Finschrijven%2Fvitaal%2Fvitaal-utrecht-centrum%2Fkiosk',
    ])
      expect(isSignUpResultPath(path), path).toBe(true);
    for (const path of [
      'https://elders.example/inschrijven/resultaat/42.abc',
      '//elders.example/inschrijven/resultaat/42.abc',
      '/inschrijven/resultaat/42.abc?terug=https://elders.example',
      '/inschrijven/resultaat/42.abc?terug=%2F%2Felders.example',
      '/admin',
      // The client's rule (decision 017): no '..', no '//', nothing but a sign-up page, written as the client does.
      '/inschrijven/resultaat/42.abc?terug=%2Finschrijven%2F..%2F..%2Fadmin',
      '/inschrijven/resultaat/42.abc?terug=%2Finschrijven%2F%2F%2Felders.example',
      '/inschrijven/resultaat/42.abc?terug=%2Finschrijven%2Fx.y',
      '/inschrijven/resultaat/42.abc?terug=/inschrijven/vitaal',
      '/inschrijven/resultaat/42.abc?terug=%2Finschrijven%2Fvitaal&x=1',
      '/inschrijven/resultaat/42.abc?terug=%2finschrijven%2fvitaal',
      '/inschrijven/resultaat/..',
      '/inschrijven/resultaat/42..abc',
      '/inschrijven/resultaat/42.abc/../../admin',
    ])
      expect(isSignUpResultPath(path), path).toBe(false);
  });
});
