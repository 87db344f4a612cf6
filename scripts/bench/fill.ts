/**
 * The scale data, made in the database with generate_series (a million users in about a minute). Sizes are
 * the issue's full scale times `scale`; ids are counted from the tables' current maximum, so the data can
 * also sit beside other data when that was allowed.
 */
import type pg from 'pg';
import { type FilledMembers, fillMembers, type MemberSizes } from './fill-members.ts';

export interface Sizes {
  users: number;
  gyms: number;
  locations: number;
  employers: number;
  employerEmployees: number;
  challenges: number;
  challengeTemplates: number;
  associations: number;
  locationAreas: number;
  pictureBankItems: number;
}

export function sizesFor(scale: number): Sizes {
  const of = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  return {
    users: of(1_000_000, 100),
    gyms: of(500, 2),
    locations: of(5_000, 4),
    employers: of(2_000, 3),
    employerEmployees: of(500_000, 50),
    challenges: of(200_000, 50),
    challengeTemplates: of(2_000, 10),
    associations: of(100, 2),
    locationAreas: of(20_000, 20),
    pictureBankItems: of(10_000, 10),
  };
}

/**
 * The version of the data `fill` makes: a database filled by an older version is refused (its measurements
 * would not compare). 2: names with real frequencies. 3: subscriptions, members and entries (decision 014).
 * 4: the kept status days (by gym and location) and the entries' copied member names.
 * 5: 20,000 check-in accounts over the first gym's locations (1,000 at its first location before).
 * 6: the memberships' billing rows (migration 0040).
 */
export const FILL_VERSION = 6;

/** Where the benchmark's rows start (id of its first gym, location, ...) and who signs in. */
export interface Filled {
  /** `FILL_VERSION` of the fill (absent: 1). */
  version?: number;
  firstGymId: number;
  firstLocationId: number;
  firstEmployerId: number;
  firstAssociationId: number;
  adminEmail: string;
  /** Members and entries (fill version 3). */
  members?: FilledMembers;
}

export const BENCH_FILE_HASH = 'bench00000000000000000000000000000000000000000000000000000000000';
/*
 * Names with the frequencies of real Dutch names (decision 009, "Benchmark data"): a search for a common
 * name matches about as many people as it would at a real platform of this size. The 25 most common
 * surnames with their share per 100,000 people (CBS, Nederlandse Familienamenbank: De Jong 0.53%, Jansen
 * 0.44%, ...), the rest of the people (94%) under about 1,600 other surnames made of two syllables (each about
 * 0.06%); 20 common first names at 0.5% each and the rest under 900 made ones (each about 0.1%). No made
 * name contains a listed one ("jansen", "jong", ...).
 */
const COMMON_SURNAMES: readonly (readonly [string, number])[] = [
  ['de Jong', 530],
  ['Jansen', 440],
  ['de Vries', 430],
  ['van den Berg', 360],
  ['van Dijk', 340],
  ['Bakker', 340],
  ['Janssen', 330],
  ['Visser', 300],
  ['Smit', 270],
  ['Meijer', 250],
  ['de Boer', 240],
  ['Mulder', 220],
  ['de Groot', 220],
  ['Bos', 210],
  ['Vos', 180],
  ['Peters', 180],
  ['Hendriks', 180],
  ['van Leeuwen', 170],
  ['Dekker', 160],
  ['Brouwer', 160],
  ['de Wit', 150],
  ['Dijkstra', 150],
  ['Smits', 150],
  ['de Graaf', 140],
  ['van der Meer', 130],
];
const SURNAME_HEADS = `'{Ver,Hoek,Berg,Kamp,Bro,Hil,Mol,Ros,Wes,Oos,Noor,Zui,Hol,Kra,Gro,Kle,Lan,Sto,Blo,Dui,Hui,Pol,Ree,Spe,Tim,Wou,Zan,Ach,Bui,Dam,Elf,Gel,Hee,Ijs,Kor,Lub,Mee,Nie,Ott,Wal}'::text[]`;
const SURNAME_TAILS = `'{man,stra,ink,huis,veld,berg,kamp,hof,land,beek,horst,ing,sma,ma,ers,ens,ler,ker,mans,bos,dijk,laar,weg,wijk,meer,hout,rink,lo,ter,um,ema,enga,stee,zen,brink,bergh,kes,inga,wal,ert}'::text[]`;
const COMMON_FIRST_NAMES = `'{Jan,Anna,Pieter,Sanne,Kees,Lotte,Daan,Emma,Bram,Julia,Sem,Tess,Finn,Sophie,Luuk,Eva,Thijs,Noor,Ruben,Lisa}'::text[]`;
const FIRST_NAME_HEADS = `'{Ma,Li,Jo,Ro,Sa,Fe,Lu,Ni,Ti,Da,Ka,Mi,No,Ri,Se,Te,Vi,Wi,Ya,Zo,Be,Ce,De,El,Fi,Ge,Ha,Ie,Le,Me}'::text[]`;
const FIRST_NAME_TAILS = `'{rik,nne,ra,bas,ke,ntje,lie,mon,rco,nda,rah,lo,ris,na,tijn,per,nas,lan,ria,bert,nus,dy,sa,vin,ena,mar,tje,ny,ta,rt}'::text[]`;

/** SQL: the surname of the person whose hash bucket (0-99,999) is `bucket`, `h` a second hash for the made ones. */
function surnameOf(bucket: string, h: string) {
  let from = 0;
  const arms = COMMON_SURNAMES.map(([name, share]) => {
    from += share;
    return `when ${bucket} < ${from} then '${name}'`;
  });
  return `case ${arms.join(' ')} else (${SURNAME_HEADS})[1 + ${h} % 40] || (${SURNAME_TAILS})[1 + (${h} / 40) % 40] end`;
}

/** SQL: the first name of bucket `bucket` (0-99,999): the 20 common ones at 500 each, then made ones. */
const firstNameOf = (bucket: string, h: string) =>
  `case when ${bucket} < 10000 then (${COMMON_FIRST_NAMES})[1 + ${bucket} / 500] else (${FIRST_NAME_HEADS})[1 + ${h} % 30] || (${FIRST_NAME_TAILS})[1 + (${h} / 30) % 30] end`;

const CITIES = `'{Amsterdam,Rotterdam,Utrecht,Den Haag,Eindhoven,Groningen,Tilburg,Almere,Breda,Nijmegen,Arnhem,Haarlem,Enschede,Zwolle,Leiden}'::text[]`;

async function maxId(client: pg.Client, table: string) {
  const { rows } = await client.query<{ max: number }>(
    `select coalesce(max(id), 0)::int as max from ${table}`,
  );
  return rows[0]!.max;
}

export async function fill(
  client: pg.Client,
  sizes: Sizes,
  admin: { email: string; passwordHash: string },
  log: (line: string) => void,
  memberSizes?: MemberSizes,
): Promise<Filled> {
  const s = sizes;
  const base = {
    user: await maxId(client, 'users'),
    gym: await maxId(client, 'gyms'),
    location: await maxId(client, 'locations'),
    employer: await maxId(client, 'employers'),
    association: await maxId(client, 'associations'),
    template: await maxId(client, 'challenge_templates'),
  };
  const step = async (label: string, statement: string, params: unknown[] = []) => {
    const started = Date.now();
    const result = await client.query(statement, params);
    log(`  ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  // The location of employee n, and the gym of location l (location l belongs to gym l mod gyms).
  const locationOf = (n: string) => `${base.location} + 1 + ((${n}) - 1) % ${s.locations}`;
  const gymOfLocationNumber = (l: string) => `${base.gym} + 1 + ((${l}) - 1) % ${s.gyms}`;

  await step(
    'file',
    `insert into files (hash, mime_type, byte_size, width, height) values ($1, 'image/png', 68, 1, 1)
     on conflict do nothing`,
    [BENCH_FILE_HASH],
  );
  await step(
    'admin',
    `insert into users (email, password_hash, role, first_name, last_name) values ($1, $2, 'Admin', 'Bench', 'Admin')`,
    [admin.email, admin.passwordHash],
  );
  const userBase = base.user + 1; // after the admin
  // Names follow a hash of n, not n: the employers (n even or odd), gyms (n mod 500) and locations (n mod 5,000)
  // of the users below follow n, and a name shared by a whole employer or gym would make its list by name walk
  // that name's users before the first match (real names do not go with employers).
  await step(
    'users',
    `insert into users (email, role, first_name, insertion, last_name, phone_number, created_at, updated_at)
     select 'bench.' || n || '@bench.example',
            case when n % 50 = 0 then 'Employer' else 'Employee' end,
            ${firstNameOf('abs(hashint4(n)::bigint) % 100000', 'abs(hashint4(n + 500000000)::bigint)')},
            case when n % 7 = 0 then 'van' end,
            ${surnameOf('abs(hashint4(n + 1000000000)::bigint) % 100000', 'abs(hashint4(n + 1500000000)::bigint)')} || ' ' || n,
            '06' || lpad((n % 100000000)::text, 8, '0'),
            now() - n * interval '1 minute', now()
     from generate_series(1, ${s.users}) as n`,
  );
  await step(
    'gyms',
    `insert into gyms (name, slug, created_at)
     select 'Sportschool ' || n, 'bench-gym-' || n, now() - n * interval '1 hour'
     from generate_series(1, ${s.gyms}) as n`,
  );
  await step(
    'associations',
    `insert into associations (name) select 'Vereniging ' || n from generate_series(1, ${s.associations}) as n`,
  );
  await step(
    'locations',
    `insert into locations (gym_id, name, slug, email, street, house_number, postal_code, city, association_id)
     select ${gymOfLocationNumber('n')}, 'Vestiging ' || n, 'bench-location-' || n, 'vestiging' || n || '@bench.example',
            'Hoofdstraat', (1 + n % 200)::text, lpad((1000 + n % 9000)::text, 4, '0') || 'AB',
            (${CITIES})[1 + n % 15],
            case when n % 2 = 0 then ${base.association} + 1 + n % ${s.associations} end
     from generate_series(1, ${s.locations}) as n`,
  );
  // Every user is an employee at one location of a gym, with a location right there.
  await step(
    'location employees',
    `insert into location_employees (location_id, user_id)
     select ${locationOf('n')}, ${userBase} + n from generate_series(1, ${s.users}) as n`,
  );
  await step(
    'gym employees',
    `insert into gym_employees (gym_id, user_id)
     select ${gymOfLocationNumber(`1 + (n - 1) % ${s.locations}`)}, ${userBase} + n
     from generate_series(1, ${s.users}) as n`,
  );
  await step(
    'location rights',
    `insert into location_right_grants (user_id, location_id, "right")
     select ${userBase} + n, ${locationOf('n')},
            (array['ManageEmployees', 'ManageLocationAreas', 'AlterLocationInformation'])[1 + n % 3]
     from generate_series(1, ${s.users}) as n`,
  );
  await step(
    'employers',
    `insert into employers (name, created_at)
     select 'Werkgever ' || n, now() - n * interval '1 hour' from generate_series(1, ${s.employers}) as n`,
  );
  // Half of the employer employees work for the first employer, the one the benchmark lists.
  await step(
    'employer employees',
    `insert into employer_employees (employer_id, user_id, created_at)
     select case when n % 2 = 0 then ${base.employer} + 1 else ${base.employer} + 2 + n % ${s.employers - 1} end,
            ${userBase} + n, now() - n * interval '1 minute'
     from generate_series(1, ${s.employerEmployees}) as n`,
  );
  await step(
    'picture bank',
    `insert into picture_bank_items (file_hash, file_name, category, is_active, created_at)
     select $1, 'foto-' || n || '.png', n % 3, n % 5 <> 0, now() - n * interval '1 minute'
     from generate_series(1, ${s.pictureBankItems}) as n`,
    [BENCH_FILE_HASH],
  );
  await step(
    'challenge templates',
    `insert into challenge_templates (name, description, theme, measurement, measurement_unit, activity, difficulty,
       status, is_active, completion_period, completion_amount, frequency_period, frequency_amount,
       frequency_period_amount, measurement_amount, entreo_points_reward, created_at)
     select 'Uitdaging ' || n, 'Beschrijving ' || n, n % 3, n % 6, n % 18, n % 8, n % 3,
            case when n % 10 = 0 then 1 else 2 end, n % 7 <> 0, 1, 1, 1, 1, 1, 10, 5 + n % 50,
            now() - n * interval '1 hour'
     from generate_series(1, ${s.challengeTemplates}) as n`,
  );
  // Challenges: 40% of the first employer, 40% of the first location, the rest spread over the locations.
  await step(
    'challenges',
    `insert into challenges (challenge_template_id, template_snapshot, name, location_id, employer_id,
       start_date, end_date, entreo_points_reward, is_active, created_at)
     select t.id,
            jsonb_build_object('id', t.id, 'name', t.name, 'description', t.description,
              'uniqueFeatureDescription', null, 'activityDescription', null, 'benefitDescription', null,
              'theme', t.theme, 'measurement', t.measurement, 'measurementUnit', t.measurement_unit,
              'activity', t.activity, 'difficulty', t.difficulty, 'completionPeriod', t.completion_period,
              'completionAmount', t.completion_amount, 'frequencyPeriod', t.frequency_period,
              'frequencyAmount', t.frequency_amount, 'frequencyPeriodAmount', t.frequency_period_amount,
              'measurementAmount', t.measurement_amount, 'entreoPointsReward', t.entreo_points_reward,
              'thirdParty', false, 'challengeBannerHash', null),
            t.name,
            case when n % 5 in (2, 3) then ${base.location} + 1 when n % 5 = 4 then ${locationOf('n')} end,
            case when n % 5 in (0, 1) then ${base.employer} + 1 end,
            case when n % 4 <> 0 then now() + (n % 60 - 30) * interval '1 day' end,
            case when n % 4 <> 0 then now() + (n % 60) * interval '1 day' end,
            5 + n % 100, n % 3 <> 0, now() - n * interval '1 minute'
     from generate_series(1, ${s.challenges}) as n
     join challenge_templates t on t.id = ${base.template} + 1 + n % ${s.challengeTemplates}`,
  );
  // Half of the areas at the first location, the one the benchmark lists.
  await step(
    'location areas',
    `insert into location_areas (location_id, name, same_address_as_location, street, house_number, postal_code, city)
     select case when n % 2 = 0 then ${base.location} + 1 else ${locationOf('n')} end, 'Zaal ' || n,
            n % 3 = 0, 'Zijstraat', (1 + n % 90)::text, '1234AB', (${CITIES})[1 + n % 15]
     from generate_series(1, ${s.locationAreas}) as n`,
  );
  const filledMembers = memberSizes
    ? await fillMembers(client, s, memberSizes, { firstNameOf, surnameOf }, log, base, admin.passwordHash)
    : undefined;
  const started = Date.now();
  await client.query('vacuum analyze');
  log(`  vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    version: FILL_VERSION,
    firstGymId: base.gym + 1,
    firstLocationId: base.location + 1,
    firstEmployerId: base.employer + 1,
    firstAssociationId: base.association + 1,
    adminEmail: admin.email,
    ...(filledMembers ? { members: filledMembers } : {}),
  };
}
