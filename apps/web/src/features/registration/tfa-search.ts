import { z } from 'zod';

/**
 * Search params of `/account/tfa`: `code` is the registration code when a registration is being verified
 * (the register page sends it along); without it the page finishes a sign-in.
 */
export const tfaSearchSchema = z.object({
  code: z.string().min(1).max(128).optional().catch(undefined),
});
