import { z } from 'zod';

/**
 * Validation messages are translation keys (`validation.*`), so the server can send them and the client
 * translates them. Schemas may give their own key; every other issue gets one from its code here.
 * Imported for its side effect by `index.ts`, so server and client configure zod the same way.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null
          ? 'validation.required'
          : 'validation.invalidType';
      case 'too_small':
        if (issue.origin === 'string')
          return issue.minimum === 1 ? 'validation.required' : 'validation.tooShort';
        if (issue.origin === 'array') return 'validation.tooFew';
        return 'validation.tooSmall';
      case 'too_big':
        return issue.origin === 'string'
          ? 'validation.tooLong'
          : issue.origin === 'array'
            ? 'validation.tooMany'
            : 'validation.tooBig';
      case 'invalid_format':
        return issue.format === 'email' ? 'validation.email' : 'validation.invalidFormat';
      case 'invalid_value':
        return issue.input === undefined || issue.input === null
          ? 'validation.required'
          : 'validation.invalidValue';
      case 'unrecognized_keys':
        return 'validation.unknownField';
      default:
        return 'validation.invalid';
    }
  },
});

export { z };
