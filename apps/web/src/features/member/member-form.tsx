import { Fieldset, Grid, Text, type TextInputProps } from '@mantine/core';
import { Gender, type Member, memberInput } from '@xp/contracts';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { useGymLocations } from './api';
import { DayField } from './day-field';
import type { MemberScope } from './member-list';

// ---------------------------------------------------------------------------------------------- the values

/** The personal data as the form edits them: texts ('' for empty), a day `YYYY-MM-DD` or null. */
export interface MemberFormValues {
  firstName: string;
  insertion: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  gender: number | null;
  dateOfBirth: string | null;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  homeLocationId: number | null;
}

export type MemberFormOutput = z.output<typeof memberInput>;

/** The contract's `memberInput` (the server's rules), typed by the values the form holds. */
export const memberFormSchema = memberInput as unknown as z.ZodType<MemberFormOutput, MemberFormValues>;

/** The fields where the server's field errors land. */
export const memberFormFields = [
  'firstName',
  'insertion',
  'lastName',
  'email',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'homeLocationId',
] as const;

export const emptyMember = (homeLocationId: number | null): MemberFormValues => ({
  firstName: '',
  insertion: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  gender: null,
  dateOfBirth: null,
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  homeLocationId,
});

export const toFormValues = (member: Member): MemberFormValues => ({
  firstName: member.firstName,
  insertion: member.insertion ?? '',
  lastName: member.lastName,
  email: member.email ?? '',
  phoneNumber: member.phoneNumber ?? '',
  gender: member.gender,
  dateOfBirth: member.dateOfBirth,
  street: member.street ?? '',
  houseNumber: member.houseNumber ?? '',
  postalCode: member.postalCode ?? '',
  city: member.city ?? '',
  homeLocationId: member.homeLocation?.id ?? null,
});

type FormControl = Control<MemberFormValues, unknown, MemberFormOutput>;

// ---------------------------------------------------------------------------------------------- the fields

/** The form's fields that hold text. */
type TextName = {
  [K in keyof MemberFormValues]: MemberFormValues[K] extends string ? K : never;
}[keyof MemberFormValues];

/** A text field, labelled `member.fields.<name>`, in a column `span` of 12 wide (from `sm` up). */
interface TextFieldSpec extends Pick<TextInputProps, 'maxLength' | 'type' | 'placeholder' | 'autoComplete'> {
  name: TextName;
  span: number;
  required?: boolean;
  'data-autofocus'?: boolean;
}

// No autocomplete on the name and contact data: they are the member's, not those of who types them.
const nameFields: TextFieldSpec[] = [
  { name: 'firstName', span: 5, required: true, maxLength: 64, autoComplete: 'off', 'data-autofocus': true },
  { name: 'insertion', span: 2, maxLength: 32, autoComplete: 'off' },
  { name: 'lastName', span: 5, required: true, maxLength: 64, autoComplete: 'off' },
];
const contactFields: TextFieldSpec[] = [
  { name: 'email', span: 7, type: 'email', maxLength: 254, autoComplete: 'off' },
  { name: 'phoneNumber', span: 5, type: 'tel', maxLength: 20, autoComplete: 'off' },
];
const addressFields: TextFieldSpec[] = [
  { name: 'street', span: 8, maxLength: 128 },
  { name: 'houseNumber', span: 4, maxLength: 16 },
  { name: 'postalCode', span: 4, placeholder: '1234 AB', maxLength: 7 },
  { name: 'city', span: 8, maxLength: 64 },
];

function TextColumns({ control, fields }: { control: FormControl; fields: TextFieldSpec[] }) {
  const { t } = useTranslation();
  return fields.map(({ span, ...field }) => (
    <Grid.Col key={field.name} span={{ base: 12, sm: span }}>
      <TextField control={control} label={t(`member.fields.${field.name}`)} {...field} />
    </Grid.Col>
  ));
}

interface MemberFieldsProps {
  control: FormControl;
  scope: MemberScope;
  /** Location environment, where the main location is not asked: what to say about it instead. */
  locationNote?: string | undefined;
  isDisabled?: boolean;
}

/**
 * Name, gender, date of birth (may be unknown), e-mail, phone, address and (Gym environment) the main
 * location; checked with the contract's `memberInput`.
 */
export function MemberFields({ control, scope, locationNote, isDisabled = false }: MemberFieldsProps) {
  const { t } = useTranslation();
  const locations = useGymLocations(scope === 'gym');
  const genderOptions = [
    { value: Gender.Male, label: t('member.gender.0') },
    { value: Gender.Female, label: t('member.gender.1') },
  ];

  return (
    <>
      <Fieldset legend={t('member.form.person')} disabled={isDisabled}>
        <Grid gap="md">
          <TextColumns control={control} fields={nameFields} />
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <SelectField
              control={control}
              name="gender"
              label={t('member.fields.gender')}
              placeholder={t('member.form.genderUnknown')}
              data={genderOptions}
              allowDeselect
              clearable
              clearButtonProps={{ 'aria-label': t('member.form.clear') }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <DayField
              control={control}
              name="dateOfBirth"
              label={t('member.fields.dateOfBirth')}
              description={t('member.form.dateOfBirthHint')}
              clearable
              clearButtonProps={{ 'aria-label': t('member.form.clear') }}
              maxDate={new Date()}
              defaultLevel="decade"
            />
          </Grid.Col>
          {scope === 'gym' ? (
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <SelectField
                control={control}
                name="homeLocationId"
                label={t('member.fields.homeLocation')}
                description={t('member.form.homeLocationHint')}
                required
                data={(locations.data?.items ?? []).map((location) => ({
                  value: location.id,
                  label: location.name,
                }))}
              />
            </Grid.Col>
          ) : (
            locationNote && (
              <Grid.Col span={12}>
                <Text size="sm" c="dimmed">
                  {locationNote}
                </Text>
              </Grid.Col>
            )
          )}
        </Grid>
      </Fieldset>
      <Fieldset legend={t('member.form.contact')} disabled={isDisabled}>
        <Grid gap="md">
          <TextColumns control={control} fields={contactFields} />
        </Grid>
      </Fieldset>
      <Fieldset legend={t('member.form.address')} disabled={isDisabled}>
        <Grid gap="md">
          <TextColumns control={control} fields={addressFields} />
        </Grid>
      </Fieldset>
    </>
  );
}
