/**
 * The members and entries of the benchmark (decision 014): subscriptions of every gym, a million
 * members with a membership each and twenty million entries over the last 90 days, all with generate_series.
 *
 * Everything of a member follows from its number m by arithmetic and hashes (its gym, main location,
 * subscription, variant, when it stopped coming), so the entries need no join to find their member's gym,
 * location and membership. The entries go in first and the members after, then the members' kept statuses
 * (`member_statuses`: `last_entry_at` and the status instants of decision 014) computed in one statement from
 * the entries and the locations' status requirements: with `session_replication_role = replica` neither the triggers nor
 * the foreign keys run on the twenty million rows (the references are right by construction), and the
 * tables' secondary indexes are dropped during the inserts and built afterwards (one sort each instead of
 * twenty million random inserts into a 128 MB buffer cache).
 */
import type pg from 'pg';

export interface MemberSizes {
  members: number;
  entries: number;
  /** Member accounts (users linked to members of the first gym's locations) that the check-in run signs in as. */
  checkInAccounts: number;
}

export function memberSizesFor(scale: number): MemberSizes {
  const of = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  return {
    members: of(1_000_000, 200),
    entries: of(20_000_000, 4_000),
    checkInAccounts: of(20_000, 20),
  };
}

export interface FilledMembers {
  /** The subscription most members of the first gym hold ("Onbeperkt"). */
  firstSubscriptionId: number;
  /** A member of the first gym at the first location, with entries. */
  sampleMemberId: number;
  /**
   * Users `lid.<n>@bench.example` (n = 1 ... count), ids from firstUserId, each a member holding Flex at a
   * location of the first gym (spread over its locations in turn); the run reads each one's location.
   */
  checkInUsers: { firstUserId: number; count: number; subscriptionId: number };
}

/** Subscriptions a gym: j = 0 unlimited, 1 twice a week, 2 off-peak hours, 3 flex (a generous monthly limit, all week). */
const SUBSCRIPTIONS_A_GYM = 4;
const VARIANTS_A_SUBSCRIPTION = 2;
export const DAYS_OF_ENTRIES = 90;

const CITIES = `'{Amsterdam,Rotterdam,Utrecht,Den Haag,Eindhoven,Groningen,Tilburg,Almere,Breda,Nijmegen,Arnhem,Haarlem,Enschede,Zwolle,Leiden}'::text[]`;

export async function fillMembers(
  client: pg.Client,
  sizes: { gyms: number; locations: number },
  members: MemberSizes,
  names: {
    firstNameOf: (bucket: string, h: string) => string;
    surnameOf: (bucket: string, h: string) => string;
  },
  log: (line: string) => void,
  base: { gym: number; location: number },
  passwordHash: string,
): Promise<FilledMembers> {
  const maxId = async (table: string) =>
    (await client.query<{ max: string }>(`select coalesce(max(id), 0)::bigint as max from ${table}`)).rows[0]!
      .max;
  const at = {
    subscription: Number(await maxId('subscriptions')),
    variant: Number(await maxId('subscription_variants')),
    timeSlot: Number(await maxId('time_slot_groups')),
    member: Number(await maxId('members')),
    membership: Number(await maxId('memberships')),
    entry: Number(await maxId('entries')),
    user: Number(await maxId('users')),
  };
  const step = async (label: string, statement: string, params: unknown[] = []) => {
    const started = Date.now();
    const result = await client.query(statement, params);
    log(`  ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const { gyms } = sizes;
  const perGym = Math.floor(sizes.locations / gyms);
  const M = members.members;
  const h = (expression: string, salt: number) => `abs(hashint4((${expression})::int + ${salt}))::bigint`;
  // Of member m: the gym's index (0-based; a fifth of the members are the first gym's, a chain of its own),
  // the main location (k-th of the gym's: location 1 + gym + k × gyms, as the fill spreads them), the
  // subscription (j) and variant, and since when it stays away (0 days: it still comes).
  // Member m's name (the entries copy its sort name, migration 0034, before the members are written).
  const nameOf = (m: string) => ({
    first: names.firstNameOf(`${h(m, 1_100_000_000)} % 100000`, h(m, 1_200_000_000)),
    insertion: `(case when (${m}) % 11 = 0 then 'van' end)`,
    last: names.surnameOf(`${h(m, 1_300_000_000)} % 100000`, h(m, 1_400_000_000)),
  });
  const gymIndexOf = (m: string) => `(case when (${m}) % 5 = 0 then 0 else ${h(m, 0)} % ${gyms} end)`;
  const homeOf = (m: string) =>
    `(${base.location} + 1 + ${gymIndexOf(m)} + ${h(m, 700_000_000)} % ${perGym} * ${gyms})`;
  const subscriptionIndexOf = (m: string) =>
    `(case when ${h(m, 300_000_000)} % 20 < 11 then 0 when ${h(m, 300_000_000)} % 20 < 14 then 1 when ${h(m, 300_000_000)} % 20 < 17 then 2 else 3 end)`;
  const subscriptionOf = (m: string) =>
    `(${at.subscription} + 1 + ${gymIndexOf(m)} * ${SUBSCRIPTIONS_A_GYM} + ${subscriptionIndexOf(m)})`;
  const variantOf = (m: string) =>
    `(${at.variant} + 1 + (${gymIndexOf(m)} * ${SUBSCRIPTIONS_A_GYM} + ${subscriptionIndexOf(m)}) * ${VARIANTS_A_SUBSCRIPTION} + (${m}) % 2)`;
  // 60% still come; 15% stayed away 14-29 days (non-active), 25% 30-84 days (sleeping).
  const awayDaysOf = (m: string) =>
    `(case when ${h(m, 200_000_000)} % 100 < 60 then 0 when ${h(m, 200_000_000)} % 100 < 75 then 14 + ${h(m, 200_000_000)} % 16 else 30 + ${h(m, 250_000_000)} % 55 end)`;
  const createdOf = (m: string) =>
    `(now() - (${DAYS_OF_ENTRIES} + ${h(m, 600_000_000)} % 1000) * interval '1 day')`;

  await client.query('set session_replication_role = replica');
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  try {
    await step(
      'subscriptions',
      `insert into subscriptions (id, gym_id, type, name, description, sort_order, vat_rate, is_active, created_at)
       overriding system value
       select ${at.subscription} + 1 + g * ${SUBSCRIPTIONS_A_GYM} + j, ${base.gym} + 1 + g,
              case when j = 3 then 1 else 0 end,
              (array['Onbeperkt', '2x per week', 'Daluren', 'Flex'])[1 + j],
              'Abonnement ' || (j + 1), j, 9, true, now() - interval '2 years'
       from generate_series(0, ${gyms - 1}) as g, generate_series(0, ${SUBSCRIPTIONS_A_GYM - 1}) as j`,
    );
    // Access: 0 unlimited, 1 per period, 2 in all; periods 0 week, 1 month, 2 year.
    await step(
      'subscription variants',
      `insert into subscription_variants (id, subscription_id, name, one_off_costs, one_off_costs_includes_vat,
         price_per_period, price_per_period_includes_vat, duration_period_amount, duration_period_type, access_type,
         access_per_period_amount, access_per_period_type, payment_per_period_amount, payment_per_period_type,
         notice_period_amount, notice_period_type, sort_order)
       overriding system value
       select ${at.variant} + 1 + s * ${VARIANTS_A_SUBSCRIPTION} + v, ${at.subscription} + 1 + s,
              (array['Maand', 'Jaar'])[1 + v], 2500, true, case when v = 0 then 3500 else 2900 end, true,
              case when v = 0 then 1 else 12 end, 1,
              case s % ${SUBSCRIPTIONS_A_GYM} when 1 then 1 when 3 then 1 else 0 end,
              case s % ${SUBSCRIPTIONS_A_GYM} when 1 then 2 when 3 then 1000 end,
              case s % ${SUBSCRIPTIONS_A_GYM} when 1 then 0 when 3 then 1 end,
              1, 1, 1, 1, v
       from generate_series(0, ${gyms * SUBSCRIPTIONS_A_GYM - 1}) as s,
            generate_series(0, ${VARIANTS_A_SUBSCRIPTION - 1}) as v`,
    );
    await step(
      'subscription locations',
      `insert into subscription_locations (subscription_id, location_id)
       select s.id, l.id from subscriptions s join locations l on l.gym_id = s.gym_id where s.id > ${at.subscription}`,
    );
    // Two time slot groups a gym: off-peak (weekdays 9-16) and the whole week (every check-in checks it).
    await step(
      'time slot groups',
      `insert into time_slot_groups (id, gym_id, name, days, begin_time, end_time) overriding system value
       select ${at.timeSlot} + 1 + g * 2 + t, ${base.gym} + 1 + g, (array['Daluren', 'Hele week'])[1 + t],
              case when t = 0 then '{1,2,3,4,5}'::smallint[] else '{0,1,2,3,4,5,6}'::smallint[] end,
              case when t = 0 then time '09:00' else time '00:00' end,
              case when t = 0 then time '16:00' else time '23:59' end
       from generate_series(0, ${gyms - 1}) as g, generate_series(0, 1) as t`,
    );
    await step(
      'subscription time slots',
      `insert into subscription_time_slot_groups (subscription_id, time_slot_group_id)
       select ${at.subscription} + 1 + g * ${SUBSCRIPTIONS_A_GYM} + j, ${at.timeSlot} + 1 + g * 2 + (j - 2)
       from generate_series(0, ${gyms - 1}) as g, generate_series(2, 3) as j`,
    );
    // Status requirements (non-active after 14 days away, sleeping after 30) at four locations in five and
    // at the first location; the others have none, so their members stay active.
    await step(
      'status requirements',
      `insert into location_status_requirements (location_id, member_status, required_days_of_absence)
       select l.id, s.status, s.days from locations l,
              (values (1, 14), (2, 30)) as s(status, days)
       where l.id > ${base.location} and ((l.id - ${base.location}) % 5 <> 0 or l.id = ${base.location} + 1)
       on conflict do nothing`,
    );
    await step(
      'QR codes',
      `update locations set qr_code = 'bench-qr-' || id, qr_code_issued_at = now() where id > ${base.location}`,
    );

    const dropped: string[] = [];
    for (const table of ['entries', 'members', 'member_statuses', 'memberships']) {
      const { rows } = await client.query<{ name: string; definition: string }>(
        `select indexname as name, indexdef as definition from pg_indexes i
         where schemaname = 'public' and tablename = $1
           and not exists (select 1 from pg_constraint c where c.conindid = format('%I', i.indexname)::regclass)`,
        [table],
      );
      for (const row of rows) {
        await client.query(`drop index "${row.name}"`);
        dropped.push(row.definition);
      }
    }
    log(
      `  dropped ${dropped.length} secondary indexes of entries, members, their statuses and memberships for the inserts`,
    );

    // Entries: member m of entry n by hash; at its main location; within the days since it stayed away and
    // 90 days ago; out after 45-120 minutes, except one in twenty (no exit recorded) and who is inside now.
    await step(
      'entries',
      `insert into entries (id, gym_id, location_id, member_id, membership_id, entry_at, exit_at, source, created_at,
         member_sort_name)
       overriding system value
       select ${at.entry} + e.n, ${base.gym} + 1 + ${gymIndexOf('e.m')}, ${homeOf('e.m')}, ${at.member} + e.m,
              ${at.membership} + e.m, e.at,
              case when e.n % 20 = 0 or e.at + e.stay > now() then null else e.at + e.stay end,
              case when e.n % 10 = 0 then 1 else 0 end, e.at,
              lower(${nameOf('e.m').last} || ' ' || ${nameOf('e.m').first} || coalesce(' ' || ${nameOf('e.m').insertion}, ''))
       from (
         select n, m,
                now() - (${awayDaysOf('m')} + (${DAYS_OF_ENTRIES} - ${awayDaysOf('m')})
                  * (${h('n', 1_000_000_000)} % 1000000)::float8 / 1000000) * interval '1 day' as at,
                (45 + n % 76) * interval '1 minute' as stay
         from (select n, 1 + ${h('n', 0)} % ${M} as m from generate_series(1, ${members.entries}) as n) as numbered
       ) as e`,
    );
    // Members; then their statuses, kept from the entries and their location's requirements (what the
    // triggers would have made).
    await step(
      'members',
      `insert into members (id, gym_id, first_name, insertion, last_name, email, phone_number, gender, date_of_birth,
         street, house_number, postal_code, city, home_location_id, registration_completed, created_at, updated_at)
       overriding system value
       select ${at.member} + b.m, ${base.gym} + 1 + ${gymIndexOf('b.m')},
              ${nameOf('b.m').first}, ${nameOf('b.m').insertion}, ${nameOf('b.m').last},
              'lid.' || b.m || '@bench.example', '06' || lpad((b.m % 100000000)::text, 8, '0'),
              (b.m % 2)::smallint, date '1950-01-01' + (${h('b.m', 1_500_000_000)} % 20000)::int,
              'Dorpsstraat', (1 + b.m % 300)::text,
              lpad((1000 + ${h('b.m', 1_600_000_000)} % 9000)::text, 4, '0')
                || chr(65 + (${h('b.m', 1_700_000_000)} % 26)::int) || chr(65 + (${h('b.m', 1_800_000_000)} % 26)::int),
              (${CITIES})[1 + b.m % 15], b.home, b.m % 500 <> 7, b.created, b.created
       from (select m, ${homeOf('m')} as home, ${createdOf('m')} as created from generate_series(1, ${M}) as m) as b`,
    );
    await step(
      'member statuses',
      `insert into member_statuses (member_id, gym_id, home_location_id, created_at, last_entry_at, non_active_from,
         sleeping_from)
       select b.id, b.gym_id, b.home_location_id, b.created_at,
              e.last, coalesce(e.last, b.created_at) + make_interval(days => r.non_active),
              coalesce(e.last, b.created_at) + make_interval(days => r.sleeping)
       from members b
       left join (select member_id, max(entry_at) as last from entries where member_id > ${at.member} group by member_id) as e
         on e.member_id = b.id
       left join (select location_id, max(required_days_of_absence) filter (where member_status = 1) as non_active,
                         max(required_days_of_absence) filter (where member_status = 2) as sleeping
                  from location_status_requirements group by location_id) as r
         on r.location_id = b.home_location_id
       where b.id > ${at.member}`,
    );
    // A membership each, from the day it became a member; one in twenty ended (last month).
    await step(
      'memberships',
      `insert into memberships (id, gym_id, member_id, subscription_id, variant_id, location_id, start_date, end_date,
         created_at, updated_at)
       overriding system value
       select ${at.membership} + m, ${base.gym} + 1 + ${gymIndexOf('m')}, ${at.member} + m, ${subscriptionOf('m')},
              ${variantOf('m')}, ${homeOf('m')}, (${createdOf('m')} at time zone 'Europe/Amsterdam')::date,
              case when ${h('m', 1_900_000_000)} % 20 = 0 then current_date - 20 end,
              ${createdOf('m')}, ${createdOf('m')}
       from generate_series(1, ${M}) as m`,
    );
    // What the billing run invoices next (migration 0040; its trigger is off here): from each membership's
    // next period on, as the migration starts the memberships there are.
    await step(
      'membership billing',
      `insert into membership_billing (membership_id, gym_id, next_period, next_period_start)
       select id, gym_id, 0, start_date from memberships where id > ${at.membership}`,
    );
    await step('membership billing periods', `select billing_restart_from(current_date)`);
    // The kept status counts of migrations 0032 and 0033 (their triggers are off here): the fill's members
    // by gym, and by each of their locations (main location and memberships'), kind, day and shard.
    await step(
      'member status days',
      `insert into member_status_days (gym_id, kind, day, shard, members)
       select m.gym_id, k.kind, k.day, (m.member_id % 8)::smallint, count(*)::int
       from member_statuses m cross join lateral member_status_keys(m.non_active_from, m.sleeping_from) k
       where m.member_id > ${at.member}
       group by 1, 2, 3, 4
       on conflict (gym_id, kind, day, shard) do update set members = member_status_days.members + excluded.members`,
    );
    await step(
      'member status days by location',
      `insert into member_location_status_days (location_id, kind, day, shard, members)
       select l.location_id, k.kind, k.day, (m.member_id % 8)::smallint, count(*)::int
       from (select id as member_id, home_location_id as location_id from members
             where id > ${at.member} and home_location_id is not null
             union select member_id, location_id from memberships where member_id > ${at.member}) as l
       join member_statuses m on m.member_id = l.member_id
       cross join lateral member_status_keys(m.non_active_from, m.sleeping_from) k
       group by 1, 2, 3, 4
       on conflict (location_id, kind, day, shard)
         do update set members = member_location_status_days.members + excluded.members`,
    );
    for (const table of ['entries', 'members', 'memberships']) {
      const sequence = `pg_get_serial_sequence('${table}', 'id')`;
      await client.query(`select setval(${sequence}, (select max(id) from ${table}))`);
    }
    const started = Date.now();
    for (const definition of dropped) {
      const one = Date.now();
      await client.query(definition);
      log(
        `  ${definition.replace(/ ON public\./, ' ON ').slice(0, 110)}: ${((Date.now() - one) / 1000).toFixed(1)} s`,
      );
    }
    log(`  indexes built again: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.query('reset session_replication_role');
    await client.query('reset work_mem');
    await client.query('reset maintenance_work_mem');
  }

  // Member accounts for the check-in run: users linked to members holding Flex (a monthly limit and the
  // whole-week time slots) at a location of the first gym, with a running membership and a completed
  // registration; taken from its locations in turn (a member checks in where their membership is): a chain's
  // check-ins come from all its locations, and each account checks in once a run, as a member does a day.
  const accounts = members.checkInAccounts;
  await step(
    'member accounts',
    `insert into users (email, password_hash, role, first_name, last_name)
     select 'lid.' || n || '@bench.example', $1, 'Employee', 'Lid', 'Bench ' || n from generate_series(1, ${accounts}) as n`,
    // A session is read only for an account with a password (the check-in run writes the sessions itself).
    [passwordHash],
  );
  await step(
    'member accounts linked',
    `update members set user_id = chosen.user_id
     from (select p.member_id, ${at.user} + row_number() over (order by p.n, p.location_id) as user_id
           from (select f.member_id, f.location_id,
                        row_number() over (partition by f.location_id order by f.member_id) as n
                 from (select distinct on (ms.member_id) ms.member_id, ms.location_id
                       from memberships ms join members mb on mb.id = ms.member_id
                       where mb.gym_id = ${base.gym} + 1 and ms.subscription_id = ${at.subscription} + 4
                         and ms.end_date is null and mb.registration_completed
                       order by ms.member_id, ms.location_id) f) p
           order by p.n, p.location_id limit ${accounts}) as chosen
     where members.id = chosen.member_id`,
  );
  const sample = await client.query<{ id: number }>(
    `select member_id as id from member_statuses where home_location_id = $1 and last_entry_at is not null
     order by member_id limit 1`,
    [base.location + 1],
  );
  const linked = await client.query<{ n: number }>(
    `select count(*)::int as n from members where user_id > $1`,
    [at.user],
  );
  // The entries' copied names are their members' (the fill writes both from the same expressions).
  const misnamed = await client.query<{ n: number }>(
    `select count(*)::int as n from (select member_id, member_sort_name from entries where id > $1 limit 1000) e
     join members m on m.id = e.member_id where m.sort_name <> e.member_sort_name`,
    [at.entry],
  );
  if (misnamed.rows[0]!.n > 0) throw new Error('entries.member_sort_name differs from the members');
  if (linked.rows[0]!.n < accounts)
    throw new Error(`only ${linked.rows[0]!.n} members of the first gym hold Flex; raise BENCH_SCALE`);
  return {
    firstSubscriptionId: at.subscription + 1,
    sampleMemberId: sample.rows[0]!.id,
    checkInUsers: { firstUserId: at.user + 1, count: accounts, subscriptionId: at.subscription + 4 },
  };
}
