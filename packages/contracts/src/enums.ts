/**
 * Every enumeration of the spec with its numeric value. Where the spec gives numbers they are used;
 * where it only gives names, values count from 0 in the order the spec lists them.
 */

/** Build a `{ Name: value }` object plus its value type from a list of names counted from `start`. */
function numbered<const T extends readonly string[]>(names: T, start = 0) {
  return Object.fromEntries(names.map((name, index) => [name, index + start])) as {
    readonly [K in T[number]]: number;
  };
}

export const Environment = {
  Admin: 0,
  Gym: 1,
  Customer: 2,
  Location: 3,
  Employer: 4,
  Association: 5,
  TipsAndTricks: 6,
  Content: 7,
  Supplier: 8,
} as const;
export type Environment = (typeof Environment)[keyof typeof Environment];
export const environmentValues = Object.values(Environment) as Environment[];

export const roles = ['Admin', 'Employee', 'ContentCreator', 'Employer', 'Supplier'] as const;
export type Role = (typeof roles)[number];

export const gymRights = [
  'ManageSubscriptions',
  'AlterGymInformation',
  'ManageGymRights',
  'ManageMemberships',
  'ManageMembers',
  'ManageLocationRights',
  'ManageLocationAreas',
] as const;
export type GymRight = (typeof gymRights)[number];

export const locationRights = [
  'AlterLocationInformation',
  'ManageLocationRights',
  'ManageLocationAreas',
  'ManageMemberships',
  'ManageMembershipEntries',
  'ManageEmployees',
  'ManageLessons',
] as const;
export type LocationRight = (typeof locationRights)[number];

export const languages = ['nl', 'en'] as const;
export type Language = (typeof languages)[number];

export const PublicationStatus = { Disabled: 0, Draft: 1, Published: 2 } as const;
export const AddressType = { Billing: 1, Visiting: 2 } as const;
export const EmployerPaymentType = { Bruto: 1, Netto: 2, AutomaticCollection: 3 } as const;
export const ContractDuration = { OneYear: 1, TwoYears: 2, ThreeYears: 3 } as const;
export const Gender = { Male: 0, Female: 1 } as const;
export const AccountCompletion = { NotExisting: 1, NotCompleted: 2, Completed: 3 } as const;
export const Visibility = { Internal: 1, Public: 2 } as const;
export const TemplateMeasurementPeriod = { PerDay: 1, Total: 2, PerWeek: 3 } as const;
export const Applicability = { OnlyChallenge: 1, OnlyGoal: 2, ChallengeAndGoal: 3 } as const;
export const PaymentProviderKind = { Mollie: 0 } as const;
/** Invoice status (spec 001 section 4). */
export const InvoiceStatus = {
  Draft: 0,
  Open: 1,
  Cancelled: 2,
  Failed: 3,
  Paid: 4,
  Expired: 5,
  Pending: 6,
  ChargedBack: 7,
} as const;
/** How an invoice was paid (spec 001 section 9). */
export const PaymentMethod = { Card: 0, Cash: 1, PaymentProvider: 2 } as const;
/** What the door does with a member in debt (decision 017): refuse ('openPayment'), or let in and warn the desk. */
export const DebtPolicy = { Block: 0, Warn: 1 } as const;
/** Member status (spec 001 section 4): Non-active and Sleeping are set by days of absence. */
export const MemberStatus = { NonActive: 1, Sleeping: 2, Active: 3 } as const;

/** Where a membership stands today: not started, running, paused today, or ended. */
export const MembershipState = { Future: 0, Running: 1, Paused: 2, Ended: 3 } as const;
/** Subscription types, period types and access types (spec 001 section 3, counted in the spec's order). */
export const SubscriptionType = numbered(['Recurring', 'Prepaid']);
export const PeriodType = numbered(['Week', 'Month', 'Year']);
export const AccessType = numbered(['Unlimited', 'LimitedPerPeriod', 'Limited']);
export const StoreItemCategory = { None: 0, SportClothes: 1, Accessories: 2, Tickets: 3 } as const;

export const Theme = numbered(['Movement', 'Nutrition', 'Relaxation']);
export const MeasurementType = numbered(['Amount', 'Distance', 'Piece', 'Weight', 'Volume', 'Duration']);
export const MeasurementUnit = numbered([
  'Steps',
  'HeartRhythm',
  'Minutes',
  'Hour',
  'Day',
  'Week',
  'Mililiter',
  'Centiliter',
  'Deciliter',
  'Liter',
  'Meter',
  'Kilometer',
  'Gram',
  'Pound',
  'Kilogram',
  'Fruit',
  'GymVisits',
  'Workout',
]);
export const Activity = numbered([
  'Unknown',
  'Run',
  'Walk',
  'Swim',
  'Ride',
  'GymVisits',
  'FoodAndDrinks',
  'Meditation',
]);
export const GoalPeriod = numbered(['PerDay', 'PerWeek', 'PerMonth']);
export const GoalKind = numbered(['Steps', 'GymVisits', 'ExternalDistance']);
export const Difficulty = numbered(['Beginner', 'Advanced', 'Expert']);
export const DataSource = numbered(['Strava', 'StepCounter', 'HeartRhythmCounter']);
export const VatRate = numbered(['Percent6', 'Percent9', 'Percent21']);
export const CommissionType = numbered(['Pieces', 'Monthly']);
export const MinimumTerm = numbered(['NotNeeded', 'Months12', 'Months24', 'Months36']);

// Suppliers, fitness products and product orders (names in the spec's order, decision 020).
/** A supplier: Pending (added, awaiting the platform), Active, Denied, Disabled (deleted: no sign-in, no catalogue). */
export const SupplierStatus = numbered(['Pending', 'Active', 'Denied', 'Disabled']);
export const ProductSalesUnit = numbered(['Pieces', 'Monthly']);
/** The product's term: not applicable, 12, 24 or 36 months. */
export const ProductDuration = numbered(['NotApplicable', 'Months12', 'Months24', 'Months36']);
/** The spec's `numberType`: what kind of product it is (the order wizard asks iFit or trainer options by it). */
export const ProductNumberType = numbered(['Equipment', 'EquipmentWithIFit', 'PersonalTrainer']);
/** One version of a product: Awaiting the platform, Accepted, Denied, Superseded (a later version was accepted). */
export const ProductVersionStatus = numbered(['Awaiting', 'Accepted', 'Denied', 'Superseded']);
export const ProductOrderStatus = numbered(['New', 'Paid', 'Prepared', 'Planned', 'Delivered']);
export const IFitOption = numbered(['OneUser', 'TwoUsers', 'FamilyPack']);
export const PersonalTrainerDuration = numbered(['Months12', 'Months24', 'Months36', 'Months48']);
export const Floor = numbered(['None', 'Basement', 'GroundFloor', 'FirstFloorOrHigher']);
export const ElevatorOnLocation = numbered(['No', 'Yes', 'Unknown']);
export const PaymentFrequency = numbered(['PerMonth', 'InAdvance']);
export const OrderPaymentMethod = numbered(['IDeal', 'Invoice']);
