import { describe, expect, it } from 'vitest';
import {
  activitiesByTheme,
  challengeTemplateDefaults,
  defaultUnitByMeasurementType,
  measurementTypesByTheme,
  themeDefaults,
  unitsByMeasurementType,
} from './challenge-template-rules.ts';
import {
  challengeTemplateForm,
  challengeTemplateInput,
  challengeTemplateListQuery,
  challengeTemplateMeasurementStep,
  challengeTemplateStep3,
  templateAmount,
} from './challenge-template-shapes.ts';
import {
  Activity,
  Difficulty,
  GoalPeriod,
  MeasurementType,
  MeasurementUnit,
  PublicationStatus,
  TemplateMeasurementPeriod,
  Theme,
} from './enums.ts';
import './zod-setup.ts';

const valid = {
  name: 'Tienduizend stappen',
  description: 'Elke dag tienduizend stappen',
  theme: Theme.Movement,
  measurement: MeasurementType.Distance,
  measurementUnit: MeasurementUnit.Meter,
  activity: Activity.Walk,
  difficulty: Difficulty.Beginner,
  status: PublicationStatus.Published,
  completionPeriod: GoalPeriod.PerDay,
  completionAmount: 1,
  frequencyPeriod: TemplateMeasurementPeriod.PerDay,
  frequencyAmount: 1,
  frequencyPeriodAmount: 1,
  measurementAmount: 1,
  entreoPointsReward: 1,
};

/** The issues of a parse as `path: message`. */
function issues(value: unknown, schema: { safeParse: (v: unknown) => unknown } = challengeTemplateInput) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return result.success
    ? []
    : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('rules as data', () => {
  it('gives each theme its defaults (spec 000 section 4)', () => {
    expect(themeDefaults[Theme.Movement]).toEqual({
      measurement: MeasurementType.Distance,
      measurementUnit: MeasurementUnit.Meter,
      activity: Activity.Walk,
    });
    expect(themeDefaults[Theme.Nutrition]).toEqual({
      measurement: MeasurementType.Weight,
      measurementUnit: MeasurementUnit.Gram,
      activity: Activity.FoodAndDrinks,
    });
    expect(themeDefaults[Theme.Relaxation]).toEqual({
      measurement: MeasurementType.Duration,
      measurementUnit: MeasurementUnit.Minutes,
      activity: Activity.Meditation,
    });
  });

  it('keeps every default inside the allowed lists, and every default unit inside its type', () => {
    for (const [theme, defaults] of Object.entries(themeDefaults)) {
      expect(measurementTypesByTheme[Number(theme)]).toContain(defaults.measurement);
      expect(unitsByMeasurementType[defaults.measurement]).toContain(defaults.measurementUnit);
      expect(activitiesByTheme[Number(theme)]).toContain(defaults.activity);
    }
    for (const [type, unit] of Object.entries(defaultUnitByMeasurementType)) {
      expect(unitsByMeasurementType[Number(type)]).toContain(unit);
    }
    expect(Object.keys(unitsByMeasurementType)).toHaveLength(Object.keys(MeasurementType).length);
  });

  it('gives a new template the defaults of spec 000 section 9, ending tomorrow', () => {
    const defaults = challengeTemplateDefaults(new Date('2026-03-10T09:00:00Z'));
    expect(defaults).toMatchObject({
      theme: Theme.Movement,
      measurement: MeasurementType.Distance,
      measurementUnit: MeasurementUnit.Meter,
      activity: Activity.Walk,
      difficulty: Difficulty.Beginner,
      status: PublicationStatus.Published,
      entreoPointsReward: 1,
      completionAmount: 1,
      frequencyAmount: 1,
      measurementAmount: 1,
      completionPeriod: GoalPeriod.PerDay,
    });
    expect(defaults.endDate.toISOString()).toBe('2026-03-11T09:00:00.000Z');
    expect(issues({ ...valid, ...defaults })).toEqual([]);
  });
});

describe('step 3 fields', () => {
  it('accepts a valid template', () => {
    expect(issues(valid)).toEqual([]);
  });

  it('requires name and description and limits them to 64 and 512', () => {
    expect(issues({ ...valid, name: '  ' })).toEqual(['name: validation.required']);
    expect(issues({ ...valid, name: 'x'.repeat(64) })).toEqual([]);
    expect(issues({ ...valid, name: 'x'.repeat(65) })).toEqual(['name: validation.tooLong']);
    expect(issues({ ...valid, description: '' })).toEqual(['description: validation.required']);
    expect(issues({ ...valid, description: 'x'.repeat(512) })).toEqual([]);
    expect(issues({ ...valid, description: 'x'.repeat(513) })).toEqual(['description: validation.tooLong']);
    const { name: _, ...withoutName } = valid;
    expect(issues(withoutName)).toEqual(['name: validation.required']);
  });

  it('takes uniqueFeatureDescription and activityDescription only 1-64 when given', () => {
    expect(issues({ ...valid, uniqueFeatureDescription: '', activityDescription: '' })).toEqual([]);
    expect(issues({ ...valid, uniqueFeatureDescription: 'x'.repeat(64) })).toEqual([]);
    expect(issues({ ...valid, uniqueFeatureDescription: 'x'.repeat(65) })).toEqual([
      'uniqueFeatureDescription: validation.tooLong',
    ]);
    expect(issues({ ...valid, activityDescription: 'x'.repeat(65) })).toEqual([
      'activityDescription: validation.tooLong',
    ]);
  });

  for (const field of [
    'completionAmount',
    'frequencyAmount',
    'entreoPointsReward',
    'measurementAmount',
    'frequencyPeriodAmount',
  ] as const) {
    it(`takes ${field} as digits only, greater than 0, at most 100000`, () => {
      expect(issues({ ...valid, [field]: 100000 })).toEqual([]);
      expect(issues({ ...valid, [field]: '250' })).toEqual([]);
      expect(issues({ ...valid, [field]: 0 })).toEqual([`${field}: validation.greaterThanZero`]);
      expect(issues({ ...valid, [field]: 100001 })).toEqual([`${field}: validation.tooBig`]);
      expect(issues({ ...valid, [field]: '1.5' })).toEqual([`${field}: validation.digitsOnly`]);
      expect(issues({ ...valid, [field]: '-3' })).toEqual([`${field}: validation.digitsOnly`]);
      expect(issues({ ...valid, [field]: '12a' })).toEqual([`${field}: validation.digitsOnly`]);
      expect(issues({ ...valid, [field]: 2.5 })).toEqual([`${field}: validation.digitsOnly`]);
      expect(issues({ ...valid, [field]: '' })).toEqual([`${field}: validation.required`]);
      expect(issues({ ...valid, [field]: undefined })).toEqual([`${field}: validation.required`]);
    });
  }

  it('turns amounts into numbers', () => {
    expect(templateAmount.parse('042')).toBe(42);
    expect(templateAmount.parse(7)).toBe(7);
  });

  it('refuses values outside the enumerations', () => {
    expect(issues({ ...valid, theme: 9 })).toEqual(['theme: validation.invalidValue']);
    expect(issues({ ...valid, status: 3 })).toEqual(['status: validation.invalidValue']);
    expect(issues({ ...valid, difficulty: 'hard' })).toEqual(['difficulty: validation.invalidType']);
  });
});

describe('theme, measurement type, unit and activity', () => {
  const allowedCombinations = Object.entries(measurementTypesByTheme).flatMap(([theme, types]) =>
    types.flatMap((measurement) =>
      unitsByMeasurementType[measurement]!.flatMap((measurementUnit) =>
        activitiesByTheme[Number(theme)]!.map((activity) => ({
          theme: Number(theme),
          measurement,
          measurementUnit,
          activity,
        })),
      ),
    ),
  );

  it('accepts every allowed combination', () => {
    expect(allowedCombinations.length).toBeGreaterThan(20);
    for (const combination of allowedCombinations) expect(issues({ ...valid, ...combination })).toEqual([]);
  });

  it('refuses a measurement type the theme does not allow, on the measurement field', () => {
    expect(
      issues({
        ...valid,
        theme: Theme.Relaxation,
        measurement: MeasurementType.Distance,
        measurementUnit: MeasurementUnit.Meter,
        activity: Activity.Meditation,
      }),
    ).toEqual(['measurement: challengeTemplate.errors.measurementNotForTheme']);
    expect(
      issues({
        ...valid,
        measurement: MeasurementType.Weight,
        measurementUnit: MeasurementUnit.Gram,
      }),
    ).toEqual(['measurement: challengeTemplate.errors.measurementNotForTheme']);
  });

  it('refuses a unit the measurement type does not allow, on the unit field', () => {
    for (const [type, units] of Object.entries(unitsByMeasurementType)) {
      for (const unit of Object.values(MeasurementUnit)) {
        if (units.includes(unit)) continue;
        expect(
          challengeTemplateInput
            .safeParse({
              ...valid,
              theme: Theme.Nutrition,
              activity: Activity.FoodAndDrinks,
              measurement: Number(type),
              measurementUnit: unit,
            })
            .error?.issues.some(
              (issue) =>
                issue.path[0] === 'measurementUnit' &&
                issue.message === 'challengeTemplate.errors.unitNotForMeasurement',
            ),
        ).toBe(true);
      }
    }
    expect(issues({ ...valid, measurementUnit: MeasurementUnit.Kilogram })).toEqual([
      'measurementUnit: challengeTemplate.errors.unitNotForMeasurement',
    ]);
  });

  it('refuses an activity the theme does not allow, on the activity field', () => {
    expect(issues({ ...valid, activity: Activity.Meditation })).toEqual([
      'activity: challengeTemplate.errors.activityNotForTheme',
    ]);
    expect(
      issues({
        ...valid,
        theme: Theme.Nutrition,
        measurement: MeasurementType.Weight,
        measurementUnit: MeasurementUnit.Gram,
        activity: Activity.Run,
      }),
    ).toEqual(['activity: challengeTemplate.errors.activityNotForTheme']);
    expect(issues({ ...valid, activity: Activity.Unknown })).toEqual([
      'activity: challengeTemplate.errors.activityNotForTheme',
    ]);
  });
});

describe('date pairs', () => {
  const day = (date: string) => new Date(`${date}T00:00:00Z`);

  it('ignores the dates while hasDate and hasFromDate are off', () => {
    expect(issues({ ...valid, startDate: day('2026-05-02'), endDate: day('2026-05-01') })).toEqual([]);
  });

  it('requires startDate with hasDate, and refuses it after endDate on both fields', () => {
    expect(issues({ ...valid, hasDate: true })).toEqual(['startDate: validation.required']);
    expect(issues({ ...valid, hasDate: true, startDate: day('2026-05-01') })).toEqual([]);
    expect(
      issues({ ...valid, hasDate: true, startDate: day('2026-05-01'), endDate: day('2026-05-01') }),
    ).toEqual([]);
    expect(
      issues({ ...valid, hasDate: true, startDate: day('2026-05-02'), endDate: day('2026-05-01') }),
    ).toEqual([
      'startDate: challengeTemplate.errors.startAfterEnd',
      'endDate: challengeTemplate.errors.endBeforeStart',
    ]);
  });

  it('holds the same pairing for fromDate and fromEndDate with hasFromDate', () => {
    expect(issues({ ...valid, hasFromDate: true })).toEqual(['fromDate: validation.required']);
    expect(
      issues({
        ...valid,
        hasFromDate: true,
        fromDate: '2026-06-10T00:00:00.000Z',
        fromEndDate: '2026-06-09T00:00:00.000Z',
      }),
    ).toEqual([
      'fromDate: challengeTemplate.errors.startAfterEnd',
      'fromEndDate: challengeTemplate.errors.endBeforeStart',
    ]);
  });

  it('refuses a date that is not one', () => {
    expect(issues({ ...valid, hasDate: true, startDate: 'gisteren' })).toEqual([
      'startDate: validation.date',
    ]);
  });
});

describe('multipart form', () => {
  const asText = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, String(value)]));

  it('reads the text parts of a form', () => {
    const parsed = challengeTemplateForm.parse({
      ...asText,
      hasDate: 'true',
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '',
      pictureBankItemId: '4',
      uniqueFeatureDescription: '',
    });
    expect(parsed).toMatchObject({
      theme: Theme.Movement,
      completionAmount: 1,
      hasDate: true,
      pictureBankItemId: 4,
      uniqueFeatureDescription: undefined,
      endDate: undefined,
    });
    expect(parsed.startDate?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('refuses an empty enumeration part as missing rather than reading it as 0', () => {
    expect(issues({ ...asText, theme: '' }, challengeTemplateForm)).toEqual(['theme: validation.required']);
  });

  it('refuses a banner upload together with a picture bank item', () => {
    const file = { filename: 'b.png', mimetype: 'image/png', data: new Uint8Array([1]) };
    expect(
      issues({ ...asText, challengeBanner: file, pictureBankItemId: '3' }, challengeTemplateForm),
    ).toEqual(['challengeBanner: challengeTemplate.errors.bannerAndPicture']);
  });
});

describe('list query', () => {
  it('reads the filters from the query string', () => {
    expect(challengeTemplateListQuery.parse({ theme: '1', status: '0', isActive: 'false' })).toMatchObject({
      theme: 1,
      status: 0,
      isActive: false,
      page: 1,
    });
    expect(challengeTemplateListQuery.safeParse({ theme: '7' }).success).toBe(false);
  });
});

describe('wizard steps', () => {
  it('checks the category step on its own', () => {
    const step = {
      theme: Theme.Nutrition,
      ...themeDefaults[Theme.Nutrition],
      difficulty: Difficulty.Advanced,
    };
    expect(challengeTemplateMeasurementStep.safeParse(step).success).toBe(true);
    expect(
      issues({ ...step, measurementUnit: MeasurementUnit.Meter }, challengeTemplateMeasurementStep),
    ).toEqual(['measurementUnit: challengeTemplate.errors.unitNotForMeasurement']);
  });

  it('checks step 3 on its own, with the date pairs', () => {
    const {
      theme: _t,
      measurement: _m,
      measurementUnit: _u,
      activity: _a,
      difficulty: _d,
      status: _s,
      ...step3
    } = valid;
    expect(issues(step3, challengeTemplateStep3)).toEqual([]);
    expect(
      issues(
        { ...step3, hasDate: true, startDate: new Date('2026-02-02'), endDate: new Date('2026-02-01') },
        challengeTemplateStep3,
      ),
    ).toEqual([
      'startDate: challengeTemplate.errors.startAfterEnd',
      'endDate: challengeTemplate.errors.endBeforeStart',
    ]);
    expect(issues({ ...step3, frequencyAmount: '0' }, challengeTemplateStep3)).toEqual([
      'frequencyAmount: validation.greaterThanZero',
    ]);
  });

  it('treats an empty filter in the list query as none', () => {
    expect(challengeTemplateListQuery.parse({ theme: '', status: '' })).toMatchObject({
      theme: undefined,
      status: undefined,
    });
  });
});
