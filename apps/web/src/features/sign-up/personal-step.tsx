import {
  Box,
  Fieldset,
  Grid,
  Group,
  Radio,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { Gender } from '@xp/contracts';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DayField } from '@/features/member/day-field';
import { PasswordField } from '@/ui/inputs/password-field';
import { TextField } from '@/ui/inputs/text-field';
import { useFieldInput, useFormField } from '@/ui/inputs/use-form-field';
import { groupIban, type SignUpFormValues, startDateRange } from './sign-up-form';

/**
 * A form of the sign-up's values, whatever its schema gives on submit (the sign-up's, or finishing a
 * registration begun at the desk).
 */
type SignUpControl<O extends FieldValues = FieldValues> = Control<SignUpFormValues, unknown, O>;

/** The fields that hold text. */
type TextName = {
  [K in keyof SignUpFormValues]: SignUpFormValues[K] extends string ? K : never;
}[keyof SignUpFormValues];

interface TextSpec extends Pick<TextInputProps, 'maxLength' | 'type' | 'placeholder' | 'inputMode'> {
  name: TextName;
  /** Columns of 12 from `xs` up (a phone shows one column). */
  span: number;
  required?: boolean;
  /** The browser's autofill hint on a person's own device (never on the kiosk's tablet). */
  autoComplete: string;
  description?: string;
}

const nameFields: TextSpec[] = [
  { name: 'firstName', span: 5, required: true, maxLength: 64, autoComplete: 'given-name' },
  { name: 'insertion', span: 3, maxLength: 32, autoComplete: 'additional-name' },
  { name: 'lastName', span: 4, required: true, maxLength: 64, autoComplete: 'family-name' },
];
const addressFields: TextSpec[] = [
  { name: 'street', span: 8, required: true, maxLength: 128, autoComplete: 'address-line1' },
  { name: 'houseNumber', span: 4, required: true, maxLength: 16, autoComplete: 'address-line2' },
  {
    name: 'postalCode',
    span: 4,
    required: true,
    maxLength: 7,
    placeholder: '1234 AB',
    autoComplete: 'postal-code',
  },
  { name: 'city', span: 8, required: true, maxLength: 64, autoComplete: 'address-level2' },
];

function TextColumns<O extends FieldValues>({
  control,
  fields,
  isKiosk,
}: {
  control: SignUpControl<O>;
  fields: TextSpec[];
  isKiosk: boolean;
}) {
  const { t } = useTranslation();
  return fields.map(({ span, autoComplete, description, ...field }) => (
    <Grid.Col key={field.name} span={{ base: 12, xs: span }}>
      <TextField
        control={control}
        label={t(`signUp.fields.${field.name}`)}
        description={description ? t(description) : undefined}
        autoComplete={isKiosk ? 'off' : autoComplete}
        {...field}
      />
    </Grid.Col>
  ));
}

interface PersonalStepProps<O extends FieldValues> {
  control: SignUpControl<O>;
  isKiosk: boolean;
  /** The start date's field (not when the desk chose the memberships and their start). */
  withStartDate?: boolean;
}

/**
 * Step 4: start date, the account (e-mail and password), the person, the address and the bank account; on
 * the kiosk's tablet nothing is autofilled from the previous person.
 */
export function PersonalStep<O extends FieldValues>({
  control,
  isKiosk,
  withStartDate = true,
}: PersonalStepProps<O>) {
  const { t } = useTranslation();
  const { first, last } = startDateRange();
  const off = (hint: string) => (isKiosk ? 'off' : hint);
  return (
    <Stack gap="lg">
      {withStartDate && (
        <Fieldset legend={t('signUp.personal.start')}>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <DayField
                control={control}
                name="startDate"
                label={t('signUp.fields.startDate')}
                description={t('signUp.personal.startHint')}
                required
                minDate={first}
                maxDate={last}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
      )}

      <Fieldset legend={t('signUp.personal.account')}>
        <Grid gap="md">
          <Grid.Col span={12}>
            <TextField
              control={control}
              name="email"
              type="email"
              inputMode="email"
              label={t('signUp.fields.email')}
              description={t(isKiosk ? 'signUp.personal.emailHintKiosk' : 'signUp.personal.emailHint')}
              required
              maxLength={254}
              autoComplete={off('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <PasswordField
              control={control}
              name="password"
              label={t('signUp.fields.password')}
              description={t('signUp.personal.passwordHint')}
              required
              maxLength={200}
              autoComplete={off('new-password')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <PasswordField
              control={control}
              name="confirmPassword"
              label={t('signUp.fields.confirmPassword')}
              required
              maxLength={200}
              autoComplete={off('new-password')}
            />
          </Grid.Col>
        </Grid>
      </Fieldset>

      <Fieldset legend={t('signUp.personal.person')}>
        <Grid gap="md">
          <Grid.Col span={12}>
            <SalutationField control={control} isKiosk={isKiosk} />
          </Grid.Col>
          <TextColumns control={control} fields={nameFields} isKiosk={isKiosk} />
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <DayField
              control={control}
              name="dateOfBirth"
              label={t('signUp.fields.dateOfBirth')}
              required
              maxDate={first}
              defaultLevel="decade"
              autoComplete={off('bday')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextField
              control={control}
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              label={t('signUp.fields.phoneNumber')}
              placeholder="06 12345678"
              required
              maxLength={20}
              autoComplete={off('tel')}
            />
          </Grid.Col>
        </Grid>
      </Fieldset>

      <Fieldset legend={t('signUp.personal.address')}>
        <Grid gap="md">
          <TextColumns control={control} fields={addressFields} isKiosk={isKiosk} />
        </Grid>
      </Fieldset>

      <Fieldset legend={t('signUp.personal.bank')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('signUp.personal.bankIntro')}
          </Text>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextField
                control={control}
                name="accountHolder"
                label={t('signUp.fields.accountHolder')}
                required
                maxLength={70}
                autoComplete={off('name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <IbanField control={control} autoComplete={off('off')} />
            </Grid.Col>
          </Grid>
        </Stack>
      </Fieldset>

      <Honeypot control={control} />
    </Stack>
  );
}

/** 'Aanhef': Dhr. or Mevr., as two radio buttons side by side. */
function SalutationField<O extends FieldValues>({
  control,
  isKiosk,
}: {
  control: SignUpControl<O>;
  isKiosk: boolean;
}) {
  const { t } = useTranslation();
  const { field, error } = useFormField({ control, name: 'gender' });
  return (
    <Radio.Group
      label={t('signUp.fields.gender')}
      withAsterisk
      name={field.name}
      value={field.value === null ? null : String(field.value)}
      onChange={(value) => {
        field.onChange(Number(value));
        field.onBlur();
      }}
      error={error}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group gap="xl" mt={6} mb={error ? 6 : 0}>
        {[Gender.Male, Gender.Female].map((gender, index) => (
          <Radio
            key={gender}
            ref={index === 0 ? field.ref : undefined}
            value={String(gender)}
            label={t(`signUp.gender.${gender}`)}
            size={isKiosk ? 'lg' : 'md'}
            onBlur={field.onBlur}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * The IBAN in groups of four while it is typed at the end (an edit in the middle is left as typed, so the
 * caret stays); the contract reads it with or without the spaces.
 */
function IbanField<O extends FieldValues>({
  control,
  autoComplete,
}: {
  control: SignUpControl<O>;
  autoComplete: string;
}) {
  const { t } = useTranslation();
  const { field, inputProps } = useFieldInput({ control, name: 'iban', required: true });
  return (
    <TextInput
      {...inputProps}
      label={t('signUp.fields.iban')}
      placeholder="NL00 BANK 0123 4567 89"
      maxLength={42}
      autoComplete={autoComplete}
      autoCapitalize="characters"
      spellCheck={false}
      value={field.value}
      onChange={(event) => {
        const input = event.currentTarget;
        const isAtEnd = input.selectionStart === null || input.selectionStart === input.value.length;
        field.onChange(isAtEnd ? groupIban(input.value) : input.value.toUpperCase());
      }}
    />
  );
}

/**
 * A field people never see and assistive technology never reads (a bot that fills every field fills it,
 * and the server refuses that sign-up): off screen, out of the tab order, not autofilled.
 */
function Honeypot<O extends FieldValues>({ control }: { control: SignUpControl<O> }) {
  const { field } = useFormField({ control, name: 'website' });
  return (
    <Box
      aria-hidden
      style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        Website
        <input
          type="text"
          name={field.name}
          tabIndex={-1}
          autoComplete="off"
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value)}
        />
      </label>
    </Box>
  );
}
