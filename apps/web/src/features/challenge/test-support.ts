import type { Challenge, ChallengeTemplateSnapshot, PopularChallengeTemplate } from '@xp/contracts';

const BANNER = 'a'.repeat(64);
const stamp = '2026-11-01T10:00:00.000Z';

/** 'Stappen zetten': 10.000 steps, completed in 3 weeks, so an active period lasts 21 days or more. */
export const stepsTemplate: PopularChallengeTemplate = {
  id: 11,
  name: 'Stappen zetten',
  description: 'Zet elke dag 10.000 stappen.',
  theme: 0,
  measurementUnit: 0,
  activity: 2,
  difficulty: 0,
  completionPeriod: 1,
  completionAmount: 3,
  measurementAmount: 10_000,
  entreoPointsReward: 250,
  sendNotifications: true,
  challengeBannerHash: BANNER,
  challengeCount: 4,
};

/** 'Water drinken': a nutrition template completed in 1 day, never used yet, without banner. */
export const waterTemplate: PopularChallengeTemplate = {
  ...stepsTemplate,
  id: 12,
  name: 'Water drinken',
  description: 'Drink elke dag 2 liter water.',
  theme: 1,
  measurementUnit: 9,
  activity: 6,
  completionPeriod: 0,
  completionAmount: 1,
  measurementAmount: 2,
  entreoPointsReward: 50,
  sendNotifications: false,
  challengeBannerHash: null,
  challengeCount: 0,
};

/** The copy a challenge keeps of a template: what the picker had of it, and the fields only a copy holds. */
export const snapshotOf = (
  template: PopularChallengeTemplate,
  measurement: number,
): ChallengeTemplateSnapshot => ({
  id: template.id,
  name: template.name,
  description: template.description,
  uniqueFeatureDescription: null,
  activityDescription: null,
  benefitDescription: null,
  theme: template.theme,
  measurement,
  measurementUnit: template.measurementUnit,
  activity: template.activity,
  difficulty: template.difficulty,
  completionPeriod: template.completionPeriod,
  completionAmount: template.completionAmount,
  frequencyPeriod: 1,
  frequencyAmount: 1,
  frequencyPeriodAmount: 1,
  measurementAmount: template.measurementAmount,
  entreoPointsReward: template.entreoPointsReward,
  thirdParty: false,
  challengeBannerHash: template.challengeBannerHash,
});

/** Two challenges of location 5: one with an active period, made by the platform; one always active, off. */
export const challenges: Challenge[] = [
  {
    id: 1,
    challengeTemplateId: 11,
    challengeTemplatePlainModel: snapshotOf(stepsTemplate, 0),
    locationId: 5,
    employerId: null,
    associationId: null,
    hasDate: true,
    startDate: '2027-01-04T12:00:00.000Z',
    endDate: '2027-02-28T12:00:00.000Z',
    hasFromDate: true,
    fromDate: '2026-12-20T12:00:00.000Z',
    fromEndDate: null,
    entreoPointsReward: 300,
    isActive: true,
    sendNotifications: true,
    createdByPlatform: true,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    challengeTemplateId: 12,
    challengeTemplatePlainModel: snapshotOf(waterTemplate, 4),
    locationId: 5,
    employerId: null,
    associationId: null,
    hasDate: false,
    startDate: null,
    endDate: null,
    hasFromDate: false,
    fromDate: null,
    fromEndDate: null,
    entreoPointsReward: 1500,
    isActive: false,
    sendNotifications: false,
    createdByPlatform: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const tabCounts = { all: 2, active: 1, inactive: 1 };

/** The multipart bodies the app sent, in order. */
export function sentForms(): FormData[] {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
  return calls.map(([, init]) => init.body).filter((body): body is FormData => body instanceof FormData);
}
