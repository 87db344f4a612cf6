import { endpoint, nothing, policy } from './http.ts';
import { newPassword } from './registration.ts';
import { z } from './zod-setup.ts';

const tags = ['Account'];

export const forgotPasswordBody = z.object({ email: z.string().trim().min(1).max(254).pipe(z.email()) });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    token: z.string().trim().min(16).max(128),
    password: newPassword,
    confirmPassword: z.string().max(200),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const recoveryEndpoints = {
  forgotPassword: endpoint({
    method: 'POST',
    path: '/Account/forgotPassword',
    policy: policy.public,
    summary: 'Mail a password reset link (the answer is the same whether the address exists or not)',
    tags,
    body: forgotPasswordBody,
    response: nothing,
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: '/Account/resetPassword',
    policy: policy.public,
    summary: 'Set a new password with the mailed token; ends every session of the user',
    tags,
    body: resetPasswordBody,
    response: nothing,
  }),
  checkUsername: endpoint({
    method: 'GET',
    path: '/Account/{name}/checkUsername',
    policy: policy.public,
    summary: 'Whether an email address is still free to register',
    tags,
    params: z.object({ name: z.string().trim().min(1).max(254) }),
    response: z.object({ isAvailable: z.boolean() }),
  }),
};
