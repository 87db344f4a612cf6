import { describe, expect, it } from 'vitest';
import { loginBody } from './account.ts';
import { EMAIL_PATTERN, loginProblems } from './login.ts';
import { z } from './zod-setup.ts';

const emails = [
  '',
  '   ',
  'a@b.nl',
  ' gym@example.com ',
  'gym@example',
  'not-an-email',
  '.dot@example.com',
  'two..dots@example.com',
  "o'neil+tag@sub.example.co.uk",
  'ü@example.com',
  `${'a'.repeat(250)}@b.nl`,
  `${'a'.repeat(243)}@example.com`,
  'a@-b.nl',
  'a@b.n',
];
const passwords = ['', ' ', 'geheim', 'x'.repeat(200), 'x'.repeat(201)];

describe('loginProblems: the rules of loginBody without zod', () => {
  it('says what loginBody says, field by field', () => {
    for (const email of emails)
      for (const password of passwords) {
        const parsed = loginBody.safeParse({ email, password });
        const expected: Record<string, string> = {};
        for (const issue of parsed.success ? [] : parsed.error.issues)
          expected[String(issue.path[0])] ??= issue.message;
        expect(loginProblems({ email, password }), JSON.stringify({ email, password })).toEqual(expected);
      }
  });

  it("uses zod's own e-mail pattern", () => {
    const inputs = emails.map((email) => email.trim()).filter(Boolean);
    for (const email of inputs) expect(EMAIL_PATTERN.test(email), email).toBe(z.regexes.email.test(email));
  });
});
