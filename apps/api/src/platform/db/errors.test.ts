import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../http/database-errors.ts';
import { connectionFailure } from './errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** How drizzle hands a failed query on: its own error, the driver's in `cause`. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: insert into "t" values ($1)\nparams: Jan'), { cause });

describe('connectionFailure', () => {
  it.each([
    [
      'a connection ended mid-query',
      new Error('Connection terminated unexpectedly'),
      'Connection terminated unexpectedly',
    ],
    [
      'a connect timeout',
      new Error('Connection terminated due to connection timeout'),
      'Connection terminated due to connection timeout',
    ],
    [
      'no free connection in time',
      new Error('timeout exceeded when trying to connect'),
      'timeout exceeded when trying to connect',
    ],
    [
      'a rollback on a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
      'Client has encountered a connection error and is not queryable',
    ],
    ['a refused connection', withCode('ECONNREFUSED'), 'ECONNREFUSED'],
    ['a reset connection, wrapped by drizzle', wrapped(withCode('ECONNRESET')), 'ECONNRESET'],
    [
      'an administrator ended the session',
      wrapped(withCode('57P01', 'terminating connection due to administrator command')),
      '57P01',
    ],
    ['a database starting up', withCode('57P03', 'the database system is starting up'), '57P03'],
    ['a connection exception (class 08)', withCode('08006'), '08006'],
    [
      'every address refused (AggregateError)',
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
      'ECONNREFUSED',
    ],
  ])('recognises %s', (_, error, reason) => {
    expect(connectionFailure(error)).toBe(reason);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505', 'duplicate key value'))],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('something else')],
    ['no error', undefined],
    ['a string', 'Connection terminated'],
  ])('ignores %s', (_, error) => {
    expect(connectionFailure(error)).toBeUndefined();
  });

  it('never answers the message of a wrapping error, which may hold query values', () => {
    expect(connectionFailure(wrapped(new Error('Connection terminated unexpectedly')))).not.toContain(
      'params',
    );
  });

  it('ends on an error that is its own cause', () => {
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(connectionFailure(loop)).toBeUndefined();
  });
});

describe('databaseUnavailable', () => {
  it('is a 503 with Retry-After and a translated key', () => {
    const error = databaseUnavailable();
    expect(error.status).toBe(503);
    expect(error.headers['Retry-After']).toMatch(/^\d+$/);
    expect(error.errors).toEqual([{ key: 'general', message: 'errors.unavailable' }]);
  });
});
