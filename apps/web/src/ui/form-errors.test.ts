import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerErrors, failureReason, showFailure, showSaveErrors, toFieldName } from './form-errors';

// A spy on the real store, not a module mock: the test setup loads the toasts module (through the shell)
// before this file's mocks would apply.
const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');

describe('toFieldName (spec section 5)', () => {
  it('lowercases the first letter', () => {
    expect(toFieldName('Name')).toBe('name');
    expect(toFieldName('EntreoPointsReward')).toBe('entreoPointsReward');
    expect(toFieldName('name')).toBe('name');
  });

  it('camel-cases every dotted part', () => {
    expect(toFieldName('Address.Street')).toBe('address.street');
    expect(toFieldName('ContactPerson.FirstName')).toBe('contactPerson.firstName');
  });

  it('turns indexes into path segments', () => {
    expect(toFieldName('Addresses[0].Street')).toBe('addresses.0.street');
    expect(toFieldName('list[12].field')).toBe('list.12.field');
    expect(toFieldName('Images[1]')).toBe('images.1');
  });
});

describe('applyServerErrors', () => {
  beforeEach(() => show.mockClear());

  it('sets each error on its field with the message as translation key, focusing the first', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      [
        { key: 'Name', message: 'validation.required' },
        { key: 'Addresses[0].PostalCode', message: 'validation.postalCode' },
      ],
      setError,
    );
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'name',
      { type: 'server', message: 'validation.required' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'addresses.0.postalCode',
      { type: 'server', message: 'validation.postalCode' },
      { shouldFocus: false },
    );
    expect(result.fields).toEqual(['name', 'addresses.0.postalCode']);
    expect(show).not.toHaveBeenCalled();
  });

  it('shows the general_error warning toast when there is no errors list', () => {
    const setError = vi.fn();
    applyServerErrors([], setError);
    applyServerErrors(undefined, setError);
    expect(setError).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledTimes(2);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ color: 'yellow', autoClose: 2500 });
    expect(String(show.mock.calls[0]?.[0].message)).toMatch(/Er is iets misgegaan/);
  });

  it('shows the first message when no error belongs to a known field', () => {
    const setError = vi.fn();
    const result = applyServerErrors(
      [
        { key: 'general', message: 'Zaal kan niet worden toegevoegd' },
        { key: 'Id', message: 'validation.required' },
      ],
      setError,
      ['name', 'street'],
    );
    expect(setError).not.toHaveBeenCalled();
    expect(result.unmapped).toHaveLength(2);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0].message).toBe('Zaal kan niet worden toegevoegd');
  });

  it('accepts paths below a known field', () => {
    const setError = vi.fn();
    applyServerErrors([{ key: 'Addresses[1].City', message: 'validation.required' }], setError, [
      'addresses',
    ]);
    expect(setError).toHaveBeenCalledWith('addresses.1.city', expect.anything(), expect.anything());
  });
});

describe('failed saves', () => {
  beforeEach(() => show.mockClear());
  const failed = (errors: { key: string; message: string }[]) => ({ status: 409, errors });

  it('reads the server’s own reason, not the general error', () => {
    expect(failureReason(failed([{ key: 'general', message: 'gym.errors.hasLocations' }]))).toBe(
      'gym.errors.hasLocations',
    );
    expect(failureReason(failed([{ key: 'general', message: 'general_error' }]))).toBeUndefined();
    expect(failureReason(new Error('network'))).toBeUndefined();
  });

  it('puts errors of the form’s fields (and below them) on those fields, without a toast', () => {
    const setError = vi.fn();
    showSaveErrors(
      failed([{ key: 'Days[1].From', message: 'location.errors.overlap' }]),
      setError,
      ['days'],
      'location.openingHours.failed',
    );
    expect(setError).toHaveBeenCalledWith(
      'days.1.from',
      { type: 'server', message: 'location.errors.overlap' },
      { shouldFocus: true },
    );
    expect(show).not.toHaveBeenCalled();
  });

  it('shows any other failure as an error toast titled with what failed, the reason below it', () => {
    const setError = vi.fn();
    showSaveErrors(
      failed([{ key: 'general', message: 'gym.errors.hasLocations' }]),
      setError,
      ['name'],
      'gym.edit.failed',
    );
    expect(setError).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));
    showFailure(new Error('network'), 'gym.edit.failed');
    expect(show).toHaveBeenCalledTimes(2);
  });
});
