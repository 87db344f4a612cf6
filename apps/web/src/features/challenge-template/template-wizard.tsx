import { Box } from '@mantine/core';
import type { ChallengeTemplate } from '@xp/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { cdnUrl } from '@/app/cdn';
import { applyServerErrors } from '@/ui/form-errors';
import { SidePanel } from '@/ui/side-panel';
import { ErrorState } from '@/ui/states';
import { showError, showSuccess } from '@/ui/toasts';
import { useObjectUrl } from '@/ui/use-object-url';
import { useZodForm } from '@/ui/use-zod-form';
import { Wizard, type WizardStep } from '@/ui/wizard';
import { useChallengeTemplate, useCreateTemplate, useUpdateTemplate } from './api';
import { BannerStep, type PickedPicture } from './banner-step';
import { SettingsStep } from './settings-step';
import { SummaryStep } from './summary-step';
import { ThemeStep } from './theme-step';
import {
  newTemplateValues,
  stepFields,
  stepOfField,
  templateValues,
  toTemplateForm,
  type WizardOutput,
  type WizardValues,
  wizardFields,
  wizardSchema,
} from './wizard-form';

/** Editing a template opens at step 3, the settings (spec 000 section 2). */
export const EDIT_START_STEP = 2;

interface TemplateWizardPanelProps {
  opened: boolean;
  /** The template to edit, whole; or see `templateId`. A new one when both are left out. */
  template?: ChallengeTemplate | undefined;
  /**
   * The id of the template to edit: the panel loads the whole template first (a row of the list holds
   * only its columns), and shows the wait and a failure to load.
   */
  templateId?: number | undefined;
  /** The theme a new template starts with (the list's theme tab). */
  defaultTheme?: number | undefined;
  onClose: () => void;
  /** A template was added or changed (the list's counts may have changed). */
  onSaved?: (() => void) | undefined;
}

/**
 * 'Challenge-template toevoegen' / 'bewerken' in a side panel: the four-step wizard (theme, banner, settings,
 * summary with status). Closing with unsaved changes asks first; a save closes it and refreshes the list.
 */
export function TemplateWizardPanel({
  opened,
  template: given,
  templateId,
  defaultTheme,
  onClose,
  onSaved,
}: TemplateWizardPanelProps) {
  const { t } = useTranslation();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const loaded = useChallengeTemplate(opened && given === undefined ? templateId : undefined);
  const template = given ?? (loaded.data?.id === templateId ? loaded.data : undefined);
  const isNew = given === undefined && templateId === undefined;
  /** Editing by id: the template is still on its way (or failed to come). */
  const isWaiting = !isNew && template === undefined;
  const defaults = useMemo(
    () => (template ? templateValues(template) : newTemplateValues(defaultTheme)),
    [template, defaultTheme],
  );
  const form = useZodForm(wizardSchema, { defaultValues: defaults });
  const { reset } = form;
  const [picked, setPicked] = useState<PickedPicture | null>(null);
  // The wizard starts over (at `step`) when the panel opens, or after a server error on another step.
  const [start, setStart] = useState({ key: 0, step: 0 });
  const file = form.watch('challengeBanner');
  const fileUrl = useObjectUrl(file);
  // A new step shows from its top (the panel keeps the scroll position of the step before).
  const top = useRef<HTMLDivElement>(null);
  const scrollToTop = () => top.current?.scrollIntoView?.({ block: 'start' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the panel opens or its subject changes
  useEffect(() => {
    if (!opened || isWaiting) return;
    reset(defaults);
    setPicked(null);
    setStart((previous) => ({ key: previous.key + 1, step: isNew ? 0 : EDIT_START_STEP }));
  }, [opened, template?.id, reset]);

  const currentHash = template?.challengeBannerHash ?? null;
  const bannerSrc =
    fileUrl ??
    (picked ? cdnUrl(picked.hash, { w: 1200, h: 300, fit: 'crop' }) : null) ??
    (currentHash ? cdnUrl(currentHash, { w: 1200, h: 300, fit: 'crop' }) : null);

  /** A new template needs a banner; an edited one keeps its own unless another is chosen. */
  const checkBanner = () => {
    const values = form.getValues();
    if (values.challengeBanner instanceof Blob || values.pictureBankItemId || currentHash) return true;
    form.setError('pictureBankItemId', {
      type: 'server',
      message: 'challengeTemplate.wizard.bannerRequired',
    });
    return false;
  };

  const submit = async (values: WizardOutput) => {
    const fields = toTemplateForm(values);
    try {
      const saved = template
        ? await update.mutateAsync({ form: { ...fields, id: template.id } })
        : await create.mutateAsync({ form: fields });
      onSaved?.();
      showSuccess(
        t(isNew ? 'challengeTemplate.add.done' : 'challengeTemplate.edit.saved', { name: saved.name }),
      );
      onClose();
    } catch (error) {
      if (!(error instanceof ApiCallError)) {
        showError(isNew ? 'challengeTemplate.add.failed' : 'challengeTemplate.edit.failed');
        return;
      }
      const { fields: onFields } = applyServerErrors(error.errors, form.setError, wizardFields);
      const step = Math.min(...onFields.map(stepOfField).filter((index) => index >= 0));
      if (Number.isFinite(step)) setStart((previous) => ({ key: previous.key + 1, step }));
    }
  };

  const steps: WizardStep<WizardValues>[] = [
    {
      label: 'challengeTemplate.wizard.steps.theme',
      fields: stepFields.theme,
      content: (
        <ThemeStep
          form={form}
          onThemeChange={() => {
            // A picked picture belongs to the old theme's category.
            if (form.getValues('pictureBankItemId')) form.setValue('pictureBankItemId', null);
            setPicked(null);
          }}
        />
      ),
    },
    {
      label: 'challengeTemplate.wizard.steps.banner',
      fields: stepFields.banner,
      onBeforeNext: checkBanner,
      content: <BannerStep form={form} currentHash={currentHash} picked={picked} onPick={setPicked} />,
    },
    {
      label: 'challengeTemplate.wizard.steps.settings',
      fields: stepFields.settings,
      content: <SettingsStep form={form} />,
    },
    {
      label: 'challengeTemplate.wizard.steps.summary',
      fields: stepFields.summary,
      content: <SummaryStep form={form} bannerSrc={bannerSrc} />,
    },
  ];

  const title = isNew ? t('challengeTemplate.add.title') : t('challengeTemplate.edit.title');
  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      title={title}
      subtitle={isNew ? t('challengeTemplate.add.subtitle') : template?.name}
      isDirty={form.formState.isDirty}
      isLoading={isWaiting && !loaded.isError}
    >
      {isWaiting ? (
        loaded.isError && (
          <ErrorState
            message={
              loaded.error.status === 404
                ? 'challengeTemplate.errors.notFound'
                : 'challengeTemplate.edit.loadFailed'
            }
            onRetry={loaded.error.status === 404 ? undefined : () => void loaded.refetch()}
          />
        )
      ) : (
        <Box ref={top}>
          <Wizard
            key={start.key}
            form={form}
            steps={steps}
            initialStep={start.step}
            onStepChange={scrollToTop}
            onSubmit={submit}
          />
        </Box>
      )}
    </SidePanel>
  );
}
