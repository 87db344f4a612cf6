import { dutchPostalCode } from './address.ts';
import { endpoint, idFromText, idParam, idSchema, listQuery, nothing, paged, policy } from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['LocationArea'];

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

const locationAreaFields = z.object({
  name: z.string().trim().min(1).max(100),
  sameAddressAsLocation: z.boolean(),
  street: optionalText(120),
  houseNumber: optionalText(20),
  postalCode: z.string().trim().max(10).optional().nullable(),
  city: optionalText(100),
});

/** The address is required unless it is the location's own. */
const withAddressRule = <T extends typeof locationAreaFields>(schema: T) =>
  schema.superRefine((value, ctx) => {
    if (value.sameAddressAsLocation) return;
    for (const field of ['street', 'houseNumber', 'postalCode', 'city'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
    if (value.postalCode && !dutchPostalCode.safeParse(value.postalCode).success) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'validation.postalCode' });
    }
  });

export const locationAreaInput = withAddressRule(locationAreaFields);
export type LocationAreaInput = z.input<typeof locationAreaInput>;
export const locationAreaUpdate = withAddressRule(locationAreaFields.extend({ id: idSchema }));

export const locationArea = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  name: z.string(),
  sameAddressAsLocation: z.boolean(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});
export type LocationArea = z.infer<typeof locationArea>;

export const locationAreaSortable = ['name', 'address'] as const;
export const locationAreaListQuery = listQuery(locationAreaSortable).extend({
  /** Defaults to the active location; another one only where the user holds the right there. */
  locationId: idFromText.optional(),
});

export const locationAreaEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/LocationArea',
    policy: policy.locationRight('ManageLocationAreas'),
    summary: 'Rooms and outdoor locations of the active location',
    tags,
    query: locationAreaListQuery,
    response: paged(locationArea),
  }),
  get: endpoint({
    method: 'GET',
    path: '/LocationArea/{id}',
    policy: policy.locationRight('ManageLocationAreas'),
    summary: 'One room or outdoor location',
    tags,
    params: idParam,
    response: locationArea,
  }),
  create: endpoint({
    method: 'POST',
    path: '/LocationArea',
    policy: policy.locationRight('ManageLocationAreas'),
    summary: 'Add a room or outdoor location to the active location',
    tags,
    body: locationAreaInput,
    response: locationArea,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/LocationArea',
    policy: policy.locationRight('ManageLocationAreas'),
    summary: 'Change a room or outdoor location',
    tags,
    body: locationAreaUpdate,
    response: locationArea,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/LocationArea/{id}',
    policy: policy.locationRight('ManageLocationAreas'),
    summary: 'Delete a room or outdoor location',
    tags,
    params: idParam,
    response: nothing,
  }),
};
