import { Admin, Datagrid, DateField, FunctionField, List, Resource, TextField } from 'react-admin';
import { createRoot } from 'react-dom/client';

/**
 * The peer of the location's members list (`/location/members`) for scripts/perf/list-race.mjs: the same
 * API (`GET /api/Member`, the session cookies the project's login set), the same page (25 rows, first page)
 * and the same columns, in react-admin's own components with its defaults.
 */
const STATUS = { 1: 'Niet actief', 2: 'Slapend', 3: 'Actief' };

let session;
/** The session restore the project's app also does before its first screen (`POST /api/account/restore`). */
const restore = () => {
  session ??= fetch('/api/account/restore', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  }).then((response) => (response.ok ? undefined : Promise.reject(new Error('no session'))));
  return session;
};

const authProvider = {
  login: () => Promise.reject(new Error('sign in through the project')),
  logout: () => Promise.resolve(),
  checkAuth: restore,
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(),
};

const dataProvider = {
  async getList(resource, { pagination, sort }) {
    const query = new URLSearchParams({
      page: String(pagination.page),
      pageSize: String(pagination.perPage),
      direction: sort.order === 'DESC' ? 'desc' : 'asc',
    });
    if (sort.field && sort.field !== 'id') query.set('sort', sort.field);
    const response = await fetch(`/api/${resource}?${query}`, { credentials: 'same-origin' });
    const body = await response.json();
    if (!body.ok) throw new Error(body.errors?.[0]?.message ?? `HTTP ${response.status}`);
    return { data: body.data.items, total: body.data.total };
  },
};

const MemberList = () => (
  <List perPage={25} sort={{ field: 'id', order: 'ASC' }}>
    <Datagrid bulkActionButtons={false}>
      <TextField source="fullName" label="Naam" />
      <TextField source="email" label="E-mail" />
      <FunctionField
        label="Postcode"
        render={(record) => [record.postalCode, record.city].filter(Boolean).join(' ')}
      />
      <FunctionField
        label="Abonnementen"
        render={(record) => (record.subscriptions.length ? record.subscriptions.join(', ') : 'Geen')}
      />
      <FunctionField label="Status" render={(record) => STATUS[record.status] ?? String(record.status)} />
      <DateField source="lastEntryAt" label="Laatste bezoek" emptyText="Nooit" locales="nl-NL" />
      <DateField source="createdAt" label="Lid sinds" locales="nl-NL" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')).render(
  <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth>
    <Resource name="Member" list={MemberList} />
  </Admin>,
);
