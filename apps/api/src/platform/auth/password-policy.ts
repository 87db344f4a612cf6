import { dictionary } from '@zxcvbn-ts/language-common';

/** Passwords people pick most (about 50 000 of them): refused whatever their length. */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common.has(password.toLowerCase());
}
