import {
  Box,
  Group,
  Image,
  Input,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { ImageDropzone } from '@/ui/inputs/image-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { LoadingState } from '@/ui/states';
import { useBannerPictures } from './api';
import type { Form } from './wizard-form';

/** A banner picture of the bank, picked for this template (its hash shows it in the summary). */
export interface PickedPicture {
  id: number;
  hash: string;
}

const PICTURES_PER_PAGE = 12;

interface BannerStepProps {
  form: Form;
  /** The stored banner while editing; it counts as the banner until another is chosen. */
  currentHash: string | null;
  picked: PickedPicture | null;
  onPick: (picture: PickedPicture | null) => void;
}

/** Step 2: a picture of the picture bank (active, of the theme's category) or an uploaded banner. */
export function BannerStep({ form, currentHash, picked, onPick }: BannerStepProps) {
  const { t } = useTranslation();
  const { control } = form;
  const theme = Number(useWatch({ control, name: 'theme' }));
  const [page, setPage] = useState(1);
  const pictures = useBannerPictures(theme, page, PICTURES_PER_PAGE);
  const { field: pictureField, error: pictureError } = useFormField({ control, name: 'pictureBankItemId' });
  const { field: fileField, error: fileError } = useFormField({ control, name: 'challengeBanner' });

  const choose = (id: number, hash: string) => {
    const isSame = pictureField.value === id;
    pictureField.onChange(isSame ? null : id);
    onPick(isSame ? null : { id, hash });
    if (!isSame) form.setValue('challengeBanner', null, { shouldDirty: true });
    form.clearErrors(['challengeBanner', 'pictureBankItemId']);
  };

  const items = pictures.data?.items ?? [];
  const total = pictures.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PICTURES_PER_PAGE));
  const file = fileField.value instanceof File ? fileField.value : null;

  return (
    <Stack gap="lg">
      <Input.Wrapper
        label={t('challengeTemplate.wizard.bankPictures', {
          theme: t(`challengeTemplate.theme.${theme}`),
        })}
        description={t('challengeTemplate.wizard.bankHint')}
        error={pictureError}
      >
        <Box mt="xs">
          {pictures.isPending ? (
            <LoadingState />
          ) : pictures.isError ? (
            <Text size="sm" c="red" role="alert">
              {t('challengeTemplate.wizard.bankFailed')}
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('challengeTemplate.wizard.bankEmpty')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
              {items.map((picture) => {
                const isChosen = pictureField.value === picture.id;
                return (
                  <UnstyledButton
                    key={picture.id}
                    onClick={() => choose(picture.id, picture.pictureHash)}
                    aria-pressed={isChosen}
                    aria-label={t('challengeTemplate.wizard.pickPicture', { name: picture.fileName })}
                    pos="relative"
                    style={{
                      borderRadius: 'var(--mantine-radius-md)',
                      overflow: 'hidden',
                      outline: isChosen ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                      outlineOffset: 2,
                    }}
                  >
                    <Image
                      src={cdnUrl(picture.pictureHash, { w: 240, h: 160, fit: 'crop' })}
                      alt=""
                      h={96}
                      fit="cover"
                      loading="lazy"
                      style={{ opacity: isChosen || pictureField.value == null ? 1 : 0.7 }}
                    />
                    {isChosen && (
                      <ThemeIcon radius="xl" size="sm" pos="absolute" top={6} right={6} aria-hidden>
                        <IconCheck size={14} />
                      </ThemeIcon>
                    )}
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          )}
          {pages > 1 && (
            <Group justify="center" mt="sm">
              <Pagination
                size="sm"
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('challengeTemplate.wizard.previousPage') }
                    : control === 'next'
                      ? { 'aria-label': t('challengeTemplate.wizard.nextPage') }
                      : {}
                }
              />
            </Group>
          )}
        </Box>
      </Input.Wrapper>
      <ImageDropzone
        label={t('challengeTemplate.wizard.uploadLabel')}
        description={t('challengeTemplate.wizard.uploadHint')}
        value={file}
        onChange={(next) => {
          fileField.onChange(next);
          if (next) {
            form.setValue('pictureBankItemId', null, { shouldDirty: true });
            onPick(null);
          }
          form.clearErrors(['challengeBanner', 'pictureBankItemId']);
        }}
        onBlur={fileField.onBlur}
        currentHash={picked ? null : currentHash}
        error={fileError}
        previewSize={100}
        previewAspect={3}
      />
    </Stack>
  );
}

/* ----- step 3: texts, amounts and periods ----- */
