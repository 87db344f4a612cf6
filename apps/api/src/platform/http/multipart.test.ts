import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureBankItems } from '../../modules/picture-bank/picture-bank.tables.ts';
import { demoSignIn, expectFailure } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type MultipartPart, multipart, testImage } from '../../test/multipart.ts';
import { DEFAULT_FORM_LIMITS } from './multipart.ts';

/*
 * How much of a multipart form the server holds (decision 005): any signed-in user made it buffer ~100 MB of
 * text per request (100 text parts of 1 MB; ten at once: 1.45 GB resident). Now a text part is small
 * (16 KB; a JSON part 256 KB), the text of a form 1 MB in all, the body 24 MB, and reading stops at the
 * first part the form does not take.
 */

let t: TestApp;
let admin: string;
let employer: string;
let png: Buffer;
const signIn = demoSignIn(() => t, 97);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn('admin@example.com');
  employer = await signIn('werkgever@example.com');
  png = await testImage('png', { width: 8, height: 8 });
});
afterAll(() => t.close());

const KB = 1024;
const picture = (): MultipartPart => ({
  name: 'picture',
  filename: 'p.png',
  contentType: 'image/png',
  data: png,
});
const addPicture = (parts: MultipartPart[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/PictureBankItem',
    ...multipart(parts, { cookie: admin, ...headers }),
  });
const pictureCount = async () => (await t.db.select().from(pictureBankItems)).length;

describe('a multipart form', () => {
  it('is read as before when it is the form the endpoint takes', async () => {
    const before = await pictureCount();
    const response = await addPicture([
      picture(),
      { name: 'category', value: '0' },
      { name: 'isActive', value: 'true' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await pictureCount()).toBe(before + 1);
  });

  it('stops at the first part the form does not take (400), whatever its size', async () => {
    const before = await pictureCount();
    for (const extra of [
      { name: 'padding', value: 'x' },
      { name: 'padding', value: 'x'.repeat(900 * KB) },
      { name: 'other', filename: 'x.png', contentType: 'image/png', data: png },
    ] satisfies MultipartPart[]) {
      const response = await addPicture([
        picture(),
        extra,
        { name: 'category', value: '0' },
        { name: 'isActive', value: 'true' },
      ]);
      expectFailure(response, 400, 'general', 'validation.unknownField');
    }
    expect(await pictureCount()).toBe(before);
  });

  it(`refuses a text part over ${DEFAULT_FORM_LIMITS.fieldSize / KB} KB with 413`, async () => {
    const response = await addPicture([
      picture(),
      { name: 'category', value: `0${' '.repeat(DEFAULT_FORM_LIMITS.fieldSize)}` },
      { name: 'isActive', value: 'true' },
    ]);
    expectFailure(response, 413, 'general', 'validation.bodyTooLarge');
  });

  it('refuses more than 1 MB of text in all with 413, each part small', async () => {
    const parts: MultipartPart[] = Array.from({ length: 70 }, () => ({
      name: 'isActive',
      value: 'x'.repeat(15 * KB),
    }));
    const response = await addPicture([picture(), ...parts]);
    expectFailure(response, 413, 'general', 'validation.bodyTooLarge');
  });

  it('refuses a body declared over 24 MB before reading it', async () => {
    const response = await addPicture([picture(), { name: 'category', value: '0' }], {
      'content-length': String(DEFAULT_FORM_LIMITS.total + 1),
    });
    expectFailure(response, 413, 'general', 'validation.bodyTooLarge');
  });

  it('takes a JSON part larger than a text part (up to 256 KB), and refuses a larger one', async () => {
    const { claims } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/account/cookierefresh',
        headers: { cookie: employer },
      })
    ).json().data as { claims: { activeEmployerId: number } };
    const send = (addresses: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/employer/settings',
        ...multipart(
          [
            { name: 'id', value: String(claims.activeEmployerId) },
            { name: 'name', value: 'Bakkerij Jansen B.V.' },
            { name: 'addresses', value: addresses },
          ],
          { cookie: employer },
        ),
      });
    // 40 KB of JSON: past the text part's limit, within the JSON part's; the contract judges it (400).
    const big = JSON.stringify([{ street: 'x'.repeat(40 * KB) }]);
    const read = await send(big);
    expect(read.statusCode, read.body).toBe(400);
    expect(read.json().errors[0].message).not.toBe('validation.bodyTooLarge');
    const tooBig = JSON.stringify([{ street: 'x'.repeat(300 * KB) }]);
    expectFailure(await send(tooBig), 413, 'general', 'validation.bodyTooLarge');
  });
});
