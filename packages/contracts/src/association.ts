import {
  endpoint,
  fileUpload,
  formBoolean,
  idFromText,
  idParam,
  idSchema,
  listQuery,
  nothing,
  paged,
  policy,
} from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['Association'];

/** Names are unique case-insensitively (`association.errors.nameTaken`). */
export const associationName = z.string().trim().min(1).max(128);

/** `POST /association` (multipart): a name and, optionally, a banner image. */
export const associationForm = z.object({
  name: associationName,
  banner: fileUpload.optional(),
});

/**
 * `PUT /association` (multipart): the new name; a new `banner` replaces the current one, `removeBanner`
 * ('true') drops it; with neither the banner stays as it is.
 */
export const associationUpdateForm = associationForm.extend({
  id: idFromText,
  removeBanner: formBoolean.optional(),
});

export const association = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Stored image (`/cdn/{hash}`); null when the association has no banner. */
  bannerHash: z.string().nullable(),
  locationCount: z.number().int(),
});
export type Association = z.infer<typeof association>;

export const associationSortable = ['name', 'locationCount'] as const;
export const associationListQuery = listQuery(associationSortable);

/** `PUT /association/addLocation` and `/association/removeLocation` (JSON). */
export const associationLocationChange = z.object({
  associationId: idSchema,
  locationId: idSchema,
});
export type AssociationLocationChange = z.infer<typeof associationLocationChange>;

/** A location as the association screens show it: with its gym and city. */
export const associationLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  gymId: z.number().int(),
  gymName: z.string(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});
export type AssociationLocation = z.infer<typeof associationLocation>;

export const associationLocationSortable = ['name', 'gymName', 'city'] as const;
/** Lists of locations (of an association, or in none): paged, searched on name, gym and city. */
export const associationLocationListQuery = listQuery(associationLocationSortable);

export const associationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/association',
    policy: policy.roles('Admin'),
    summary: 'All associations with their numbers of locations (admin)',
    tags,
    query: associationListQuery,
    response: paged(association),
  }),
  noAssociationLocations: endpoint({
    method: 'GET',
    path: '/association/noAssociationLocations',
    policy: policy.roles('Admin'),
    summary: 'Locations in no association, with their gym: what can be added to one (admin)',
    tags,
    query: associationLocationListQuery,
    response: paged(associationLocation),
  }),
  active: endpoint({
    method: 'GET',
    path: '/association/active',
    policy: policy.roles('Admin'),
    summary: 'The active association of the session (association environment)',
    tags,
    response: association,
  }),
  activeLocations: endpoint({
    method: 'GET',
    path: '/association/active/locations',
    policy: policy.roles('Admin'),
    summary: 'The locations of the active association (association environment)',
    tags,
    query: associationLocationListQuery,
    response: paged(associationLocation),
  }),
  get: endpoint({
    method: 'GET',
    path: '/association/{id}',
    policy: policy.roles('Admin'),
    summary: 'One association with its number of locations (admin)',
    tags,
    params: idParam,
    response: association,
  }),
  locations: endpoint({
    method: 'GET',
    path: '/association/locations/{id}',
    policy: policy.roles('Admin'),
    summary: 'The locations of an association, with their gym and city (admin)',
    tags,
    params: idParam,
    query: associationLocationListQuery,
    response: paged(associationLocation),
  }),
  create: endpoint({
    method: 'POST',
    path: '/association',
    policy: policy.roles('Admin'),
    summary: 'Add an association (multipart: name, optional banner image)',
    tags,
    form: associationForm,
    response: association,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/association',
    policy: policy.roles('Admin'),
    summary: 'Change an association (multipart: id, name, optional banner image or removeBanner)',
    tags,
    form: associationUpdateForm,
    response: association,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/association/{id}',
    policy: policy.roles('Admin'),
    summary: 'Delete an association; its locations are released, not deleted',
    tags,
    params: idParam,
    response: nothing,
  }),
  addLocation: endpoint({
    method: 'PUT',
    path: '/association/addLocation',
    policy: policy.roles('Admin'),
    summary: 'Add a location to an association (409 when it belongs to another one)',
    tags,
    body: associationLocationChange,
    response: association,
  }),
  removeLocation: endpoint({
    method: 'PUT',
    path: '/association/removeLocation',
    policy: policy.roles('Admin'),
    summary: 'Remove a location from an association (404 when it is not in it)',
    tags,
    body: associationLocationChange,
    response: association,
  }),
};
