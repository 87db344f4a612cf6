import { Input, SegmentedControl, Stack, Switch } from '@mantine/core';
import {
  fileUpload,
  formBoolean,
  type PictureBankItem,
  pictureBankCategories,
  pictureBankCategory,
} from '@xp/contracts';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaveErrors } from '@/ui/form-errors';
import { ImageField } from '@/ui/inputs/image-field';
import { SidePanelForm } from '@/ui/side-panel';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreatePicture, useUpdatePicture } from './api';

/** The panel's form: a new picture is required when adding, optional when editing (the stored one stays). */
const formSchema = z.object({
  picture: fileUpload.nullable(),
  category: pictureBankCategory,
  isActive: formBoolean,
});
type FormValues = z.input<typeof formSchema>;
const formFields = ['picture', 'category', 'isActive'] as const;

interface PictureFormPanelProps {
  opened: boolean;
  /** The picture to edit; a new one when left out. */
  picture?: PictureBankItem | undefined;
  /** The category a new picture starts with (the active filter). */
  defaultCategory?: number | undefined;
  onClose: () => void;
  /** A picture was added or changed (the grid's counts may have changed). */
  onSaved?: (() => void) | undefined;
}

/** 'Afbeelding toevoegen' / 'Afbeelding bewerken' in a side panel: picture, category and active flag. */
export function PictureFormPanel({
  opened,
  picture,
  defaultCategory,
  onClose,
  onSaved,
}: PictureFormPanelProps) {
  const { t } = useTranslation();
  const create = useCreatePicture();
  const update = useUpdatePicture();
  const isNew = picture === undefined;
  const defaults: FormValues = {
    picture: null,
    category: picture?.category ?? defaultCategory ?? pictureBankCategories[0],
    isActive: picture?.isActive ?? true,
  };
  const form = useZodForm(formSchema, { defaultValues: defaults });
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the panel opens or its subject changes
  useEffect(() => {
    if (opened) reset(defaults);
  }, [opened, picture?.id, reset]);

  const submit = form.handleSubmit(async (values) => {
    const file = values.picture instanceof Blob ? values.picture : undefined;
    if (isNew && !file) {
      form.setError('picture', { type: 'server', message: 'pictureBank.errors.pictureRequired' });
      return;
    }
    const category = Number(values.category);
    const isActive = values.isActive === true;
    try {
      if (isNew) {
        const created = await create.mutateAsync({
          form: { picture: file!, category, isActive },
        });
        showSuccess(t('pictureBank.add.done', { name: created.fileName }));
      } else {
        const saved = await update.mutateAsync({
          form: { id: picture.id, category, isActive, ...(file ? { picture: file } : {}) },
        });
        showSuccess(t('pictureBank.edit.saved', { name: saved.fileName }));
      }
      onSaved?.();
      onClose();
    } catch (error) {
      showSaveErrors(
        error,
        form.setError,
        formFields,
        isNew ? 'pictureBank.add.failed' : 'pictureBank.edit.failed',
      );
    }
  });

  const title = isNew ? t('pictureBank.add.title') : t('pictureBank.edit.title');
  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={title}
      subtitle={isNew ? t('pictureBank.add.subtitle') : picture.fileName}
      formState={form.formState}
      onSubmit={submit}
      addLabel={isNew ? t('pictureBank.add.submit') : undefined}
    >
      <Stack gap="lg">
        <ImageField
          control={form.control}
          name="picture"
          label={t('pictureBank.fields.picture')}
          description={t('pictureBank.form.pictureHint')}
          required={isNew}
          currentHash={picture?.pictureHash ?? null}
          previewSize={160}
        />
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Input.Wrapper label={t('pictureBank.fields.category')} required>
              <SegmentedControl
                fullWidth
                aria-label={t('pictureBank.fields.category')}
                value={String(field.value)}
                onChange={(value) => field.onChange(Number(value))}
                data={pictureBankCategories.map((value) => ({
                  value: String(value),
                  label: t(`pictureBank.category.${value}`),
                }))}
              />
            </Input.Wrapper>
          )}
        />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label={t('pictureBank.fields.isActive')}
              description={t('pictureBank.form.activeHint')}
              checked={field.value === true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
      </Stack>
    </SidePanelForm>
  );
}
