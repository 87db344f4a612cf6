import {
  challengeTemplate,
  challengeTemplateForm,
  challengeTemplateListItem,
  challengeTemplateListQuery,
  challengeTemplateSetIsActive,
  challengeTemplateUpdateForm,
} from './challenge-template-shapes.ts';
import { endpoint, idParam, nothing, paged, policy } from './http.ts';

const tags = ['ChallengeTemplate'];

export const challengeTemplateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/challengeTemplate',
    policy: policy.roles('Admin'),
    summary: 'Challenge templates, searched on name and filtered by theme, status and active flag (admin)',
    tags,
    query: challengeTemplateListQuery,
    response: paged(challengeTemplateListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/challengeTemplate/{id}',
    policy: policy.roles('Admin'),
    summary: 'One challenge template (admin)',
    tags,
    params: idParam,
    response: challengeTemplate,
  }),
  create: endpoint({
    method: 'POST',
    path: '/challengeTemplate',
    policy: policy.roles('Admin'),
    summary: 'Add a challenge template (multipart; banner upload or picture bank item)',
    tags,
    form: challengeTemplateForm,
    response: challengeTemplate,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/challengeTemplate',
    policy: policy.roles('Admin'),
    summary: 'Change a challenge template (multipart; a new banner or picture replaces the banner)',
    tags,
    form: challengeTemplateUpdateForm,
    response: challengeTemplate,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/challengeTemplate/{id}',
    policy: policy.roles('Admin'),
    summary: 'Delete a challenge template',
    tags,
    params: idParam,
    response: nothing,
  }),
  setIsActive: endpoint({
    method: 'PUT',
    path: '/challengeTemplate/{id}/SetIsActive',
    policy: policy.roles('Admin'),
    summary: 'Switch a challenge template on or off',
    tags,
    params: idParam,
    body: challengeTemplateSetIsActive,
    response: challengeTemplate,
  }),
};
