import { Stack } from '@mantine/core';
import { type Association, associationForm, cdnUrl, fileUpload } from '@xp/contracts';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaveErrors } from '@/ui/form-errors';
import { ImageField } from '@/ui/inputs/image-field';
import { TextField } from '@/ui/inputs/text-field';
import { SidePanelForm } from '@/ui/side-panel';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateAssociation, useUpdateAssociation } from './api';

/**
 * The contract's form as the panel holds it: `banner` is a newly chosen file (null: none chosen; the
 * current banner is shown by its hash), `removeBanner` marks the current banner for removal on save.
 */
const formSchema = associationForm.extend({
  banner: fileUpload.nullable(),
  removeBanner: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;

const formFields = ['name', 'banner'] as const;

/** Width to height of the banner as the association dashboard shows it (1600 × 400). */
const BANNER_ASPECT = 4;

/** A thumbnail or preview of a stored banner. */
export const bannerUrl = (hash: string, size?: { w: number; h: number }) =>
  cdnUrl(hash, size ? { ...size, fit: 'crop' } : {});

interface AssociationFormPanelProps {
  opened: boolean;
  /** The association to edit; a new one when left out. */
  association?: Association | undefined;
  onClose: () => void;
}

/** 'Vereniging toevoegen' / 'Vereniging bewerken' (admin) in a side panel: name and banner. */
export function AssociationFormPanel({ opened, association, onClose }: AssociationFormPanelProps) {
  const { t } = useTranslation();
  const create = useCreateAssociation();
  const update = useUpdateAssociation();
  const isNew = association === undefined;
  const defaults: FormValues = { name: association?.name ?? '', banner: null, removeBanner: false };
  const form = useZodForm(formSchema, { defaultValues: defaults });
  const { reset } = form;
  const removeBanner = useWatch({ control: form.control, name: 'removeBanner' });
  const currentHash = removeBanner ? null : (association?.bannerHash ?? null);

  // Each opening starts from what is stored now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the panel opens or its subject changes
  useEffect(() => {
    if (opened) reset(defaults);
  }, [opened, association?.id, reset]);

  const submit = form.handleSubmit(async (values) => {
    // In the browser a chosen file is a `File` (the shared schema types it as the server's upload).
    const newBanner = values.banner instanceof Blob ? values.banner : undefined;
    try {
      if (isNew) {
        const created = await create.mutateAsync({
          form: { name: values.name, ...(newBanner ? { banner: newBanner } : {}) },
        });
        showSuccess(t('association.add.done', { name: created.name }));
      } else {
        const saved = await update.mutateAsync({
          form: {
            id: association.id,
            name: values.name,
            ...(newBanner ? { banner: newBanner } : {}),
            ...(values.removeBanner && !newBanner && association.bannerHash ? { removeBanner: true } : {}),
          },
        });
        showSuccess(t('association.edit.saved', { name: saved.name }));
      }
      onClose();
    } catch (error) {
      showSaveErrors(
        error,
        form.setError,
        formFields,
        isNew ? 'association.add.failed' : 'association.edit.failed',
      );
    }
  });

  const title = isNew ? t('association.add.title') : t('association.edit.title');
  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={title}
      subtitle={isNew ? t('association.add.subtitle') : association.name}
      formState={form.formState}
      onSubmit={submit}
      addLabel={isNew ? t('association.add.submit') : undefined}
    >
      <Stack gap="lg">
        <TextField
          control={form.control}
          name="name"
          label={t('association.fields.name')}
          required
          maxLength={128}
          data-autofocus
        />
        <ImageField
          control={form.control}
          name="banner"
          label={t('association.fields.banner')}
          description={t('association.form.bannerHint')}
          currentHash={currentHash}
          onRemoveCurrent={
            currentHash ? () => form.setValue('removeBanner', true, { shouldDirty: true }) : undefined
          }
          previewAspect={BANNER_ASPECT}
        />
      </Stack>
    </SidePanelForm>
  );
}
