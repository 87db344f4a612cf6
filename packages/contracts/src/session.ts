import { type Environment, environmentValues, roles } from './enums.ts';
import { z } from './zod-setup.ts';

/** The claims of the session, as the spec names them. */
export const claimsSchema = z.object({
  userId: z.number().int(),
  role: z.enum(roles),
  /** Identity rights; 'Admin' for platform admins. */
  rights: z.array(z.string()),
  activeGymId: z.number().int().nullable(),
  activeLocationId: z.number().int().nullable(),
  activeEmployerId: z.number().int().nullable(),
  activeAssociationId: z.number().int().nullable(),
  activeContentEnvironmentId: z.number().int().nullable(),
  activeSupplierId: z.number().int().nullable(),
  activeEnvironment: z
    .number()
    .int()
    .refine((value) => environmentValues.includes(value as Environment)),
  /** `gymId:right` */
  gymRights: z.array(z.string()),
  /** `locationId:right` */
  locationRights: z.array(z.string()),
  name: z.string(),
  language: z.enum(['nl', 'en']),
});
export type Claims = z.infer<typeof claimsSchema>;

export {
  CLAIMS_TAG_HEADER,
  claimsTag,
  hasAnyGymRight,
  hasGymRight,
  hasLocationAccess,
  hasLocationRight,
  isAdmin,
} from './claims.ts';
export { homePath } from './home-path.ts';
