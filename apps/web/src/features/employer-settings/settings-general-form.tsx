import { Grid } from '@mantine/core';
import { type EmployerSettings, employerSettingsForm, fileUpload } from '@xp/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ImageField } from '@/ui/inputs/image-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { settingsForm, useUpdateEmployerSettings } from './api';
import { SwitchGroup } from './settings-fields';
import { SettingsFormCard, useSettingsCardForm } from './settings-form-card';

/**
 * The contract's form as this card holds it: `logo` is a newly chosen file (null: none chosen; the stored
 * logo is shown by its hash), `removeLogo` marks the stored logo for removal on save.
 */
const formSchema = employerSettingsForm
  .pick({
    name: true,
    description: true,
    personnelNumber: true,
    accessFitness: true,
    accessHomeTraining: true,
    accessOnlineSports: true,
    accessAssociations: true,
  })
  .extend({ logo: fileUpload.nullable(), removeLogo: z.boolean() });
type FormValues = z.input<typeof formSchema>;

const formFields = ['name', 'description', 'personnelNumber', 'logo'] as const;
export const accessFields = [
  'accessFitness',
  'accessHomeTraining',
  'accessOnlineSports',
  'accessAssociations',
] as const;

const toFormValues = (settings: EmployerSettings): FormValues => ({
  name: settings.name,
  description: settings.description,
  personnelNumber: settings.personnelNumber ?? '',
  accessFitness: settings.accessFitness,
  accessHomeTraining: settings.accessHomeTraining,
  accessOnlineSports: settings.accessOnlineSports,
  accessAssociations: settings.accessAssociations,
  logo: null,
  removeLogo: false,
});

/** 'Algemeen': logo, name, description, personnel number and what the employees have access to. */
export function SettingsGeneralForm({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const update = useUpdateEmployerSettings();
  const { form, submit } = useSettingsCardForm({
    schema: formSchema,
    settings,
    toValues: toFormValues,
    // Another card's save answers these too.
    shown: settings,
    save: (values) => {
      // In the browser a chosen file is a `File` (the shared schema types it as the server's upload).
      const newLogo = values.logo instanceof Blob ? values.logo : undefined;
      const { logo: _logo, removeLogo: remove, ...general } = values;
      return update.mutateAsync({
        form: {
          ...settingsForm(settings, general),
          ...(newLogo ? { logo: newLogo } : {}),
          ...(remove && !newLogo && settings.logoHash ? { removeLogo: true } : {}),
        },
      });
    },
    fields: formFields,
    texts: 'employerSettings.general',
  });
  const removeLogo = useWatch({ control: form.control, name: 'removeLogo' });
  const currentHash = removeLogo ? null : settings.logoHash;

  return (
    <SettingsFormCard texts="employerSettings.general" form={form} onSubmit={submit}>
      <ImageField
        control={form.control}
        name="logo"
        label={t('employerSettings.fields.logo')}
        currentHash={currentHash}
        onRemoveCurrent={
          currentHash ? () => form.setValue('removeLogo', true, { shouldDirty: true }) : undefined
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextField
            control={form.control}
            name="name"
            label={t('employerSettings.fields.name')}
            required
            maxLength={100}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField
            control={form.control}
            name="personnelNumber"
            label={t('employerSettings.fields.personnelNumber')}
            maxLength={32}
          />
        </Grid.Col>
      </Grid>
      <TextareaField
        control={form.control}
        name="description"
        label={t('employerSettings.fields.description')}
        maxLength={1000}
        autosize
        minRows={3}
      />
      <SwitchGroup
        control={form.control}
        label={t('employerSettings.fields.access')}
        names={accessFields}
        texts="employerSettings.access"
      />
    </SettingsFormCard>
  );
}
