import { describe, expect, it } from 'vitest';
import { formJson, hasInvalidCharacters } from './http.ts';
import { z } from './zod-setup.ts';

describe('hasInvalidCharacters', () => {
  it('finds NUL bytes and unpaired UTF-16 surrogates', () => {
    for (const text of ['a\u0000b', '\ud800', 'a\ud83d', '\udcaa', 'x\udcaa\ud83dy', '\ud83d\ud83d\udcaa'])
      expect(hasInvalidCharacters(text), JSON.stringify(text)).toBe(true);
  });

  it('keeps ordinary text and surrogate pairs', () => {
    for (const text of ['', 'Zaal 1', 'één', '💪', 'a💪b🏋️‍♀️', '\ud83d\udcaa\ud83d\udcaa', '\uffff'])
      expect(hasInvalidCharacters(text), JSON.stringify(text)).toBe(false);
  });
});

describe('formJson', () => {
  const schema = formJson(z.array(z.object({ name: z.string() })));
  it('refuses a NUL byte or a lone surrogate written as an escape inside the part', () => {
    for (const part of ['[{"name":"a\\u0000"}]', '[{"name":"a\\ud800"}]', '[{"x\\udc00":1,"name":"a"}]']) {
      const result = schema.safeParse(part);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.invalidCharacters']);
    }
  });
  it('reads a surrogate pair', () => {
    expect(schema.parse('[{"name":"\\ud83d\\udcaa"}]')).toEqual([{ name: '💪' }]);
  });
});
