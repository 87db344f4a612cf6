import {
  Activity,
  Difficulty,
  GoalPeriod,
  MeasurementType,
  MeasurementUnit,
  PublicationStatus,
  TemplateMeasurementPeriod,
  Theme,
} from '@xp/contracts';
import { challengeTemplates } from '../modules/challenge-template/challenge-template.tables.ts';
import type { Database } from '../platform/db/client.ts';

const base = {
  difficulty: Difficulty.Beginner,
  status: PublicationStatus.Published,
  completionPeriod: GoalPeriod.PerDay,
  completionAmount: 1,
  frequencyPeriod: TemplateMeasurementPeriod.PerDay,
  frequencyAmount: 1,
  frequencyPeriodAmount: 1,
  entreoPointsReward: 1,
};

/** A few challenge templates of each theme and status, without banners, for the admin's template list. */
export async function seedChallengeTemplates(db: Database): Promise<void> {
  await db.insert(challengeTemplates).values([
    {
      ...base,
      name: 'Dagelijks vijf kilometer wandelen',
      description: 'Wandel elke dag vijf kilometer, in de pauze of na het werk.',
      theme: Theme.Movement,
      measurement: MeasurementType.Distance,
      measurementUnit: MeasurementUnit.Kilometer,
      activity: Activity.Walk,
      measurementAmount: 5,
      completionAmount: 30,
      entreoPointsReward: 50,
    },
    {
      ...base,
      name: 'Tienduizend stappen',
      description: 'Zet elke dag tienduizend stappen.',
      theme: Theme.Movement,
      measurement: MeasurementType.Amount,
      measurementUnit: MeasurementUnit.Steps,
      activity: Activity.Walk,
      measurementAmount: 10000,
      difficulty: Difficulty.Advanced,
      entreoPointsReward: 25,
    },
    {
      ...base,
      name: 'Twee liter water per dag',
      description: 'Drink elke dag minstens twee liter water.',
      theme: Theme.Nutrition,
      measurement: MeasurementType.Volume,
      measurementUnit: MeasurementUnit.Liter,
      activity: Activity.FoodAndDrinks,
      measurementAmount: 2,
      status: PublicationStatus.Draft,
    },
    {
      ...base,
      name: 'Tien minuten mediteren',
      description: 'Neem elke dag tien minuten rust met een meditatie.',
      theme: Theme.Relaxation,
      measurement: MeasurementType.Duration,
      measurementUnit: MeasurementUnit.Minutes,
      activity: Activity.Meditation,
      measurementAmount: 10,
      completionPeriod: GoalPeriod.PerWeek,
      completionAmount: 4,
    },
    {
      ...base,
      name: 'Fruit bij de lunch',
      description: 'Eet bij elke lunch een stuk fruit.',
      theme: Theme.Nutrition,
      measurement: MeasurementType.Piece,
      measurementUnit: MeasurementUnit.Fruit,
      activity: Activity.FoodAndDrinks,
      measurementAmount: 1,
      status: PublicationStatus.Disabled,
      isActive: false,
    },
  ]);
}
