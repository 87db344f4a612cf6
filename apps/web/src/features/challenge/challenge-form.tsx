import { Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  type Challenge,
  type ChallengeFields,
  type ChallengeTemplateSummary,
  challengeFormFor,
  type PopularChallengeTemplate,
} from '@xp/contracts';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodFields } from '@/features/challenge-template/period-fields';
import { showSaveErrors } from '@/ui/form-errors';
import { calendarDateToIso } from '@/ui/inputs/date-utils';
import { NumberField } from '@/ui/inputs/number-field';
import { SwitchField } from '@/ui/inputs/switch-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { ErrorState } from '@/ui/states';
import { useZodForm } from '@/ui/use-zod-form';
import { useChallenge, useCreateChallenge, useUpdateChallenge } from './api';
import { TemplateSummary, useCompletionRule } from './challenge-template-card';
import { ChallengeTemplatePicker } from './challenge-template-picker';

/** The fields of the challenge form, where the server's field errors land. */
const formFields = [
  'entreoPointsReward',
  'hasDate',
  'startDate',
  'endDate',
  'hasFromDate',
  'fromDate',
  'fromEndDate',
  'sendNotifications',
] as const;

/** Today's (or `days` later) local midnight as the ISO string a date field holds. */
const dayIso = (days = 0) => calendarDateToIso(dayjs().add(days, 'day').format('YYYY-MM-DD'));

/**
 * A new challenge starts with the template's reward and notification setting; the periods are off, and
 * start today and end tomorrow when switched on (spec 000 section 9).
 */
export function newChallengeValues(template: PopularChallengeTemplate): ChallengeFields {
  return {
    entreoPointsReward: template.entreoPointsReward,
    hasDate: false,
    startDate: dayIso(),
    endDate: dayIso(1),
    hasFromDate: false,
    fromDate: dayIso(),
    fromEndDate: null,
    sendNotifications: template.sendNotifications,
  };
}

/** A stored challenge as the form edits it; a period that is off still offers the defaults. */
export function challengeValues(challenge: Challenge): ChallengeFields {
  return {
    entreoPointsReward: challenge.entreoPointsReward,
    hasDate: challenge.hasDate,
    startDate: challenge.startDate ?? dayIso(),
    endDate: challenge.hasDate ? challenge.endDate : dayIso(1),
    hasFromDate: challenge.hasFromDate,
    fromDate: challenge.fromDate ?? dayIso(),
    fromEndDate: challenge.fromEndDate,
    sendNotifications: challenge.sendNotifications,
  };
}

type ChallengeFormProps = {
  /**
   * What the form shows of the template the challenge is (or will be) made from (its copy, or the picked
   * popular template); its completion rule sets the minimum span.
   */
  template: ChallengeTemplateSummary;
  defaultValues: ChallengeFields;
  onCancel: () => void;
  onSaved: (name: string) => void;
} & (
  | { challenge?: undefined; templateId: number; onChangeTemplate: () => void }
  | { challenge: Challenge; templateId?: undefined; onChangeTemplate?: undefined }
);

/**
 * The form of the challenge modal: reward, active period, visible period and notifications, checked with
 * the contract's `challengeFormFor(template)` (the span rule included). Runs inside a `ModalFlow`.
 */
export function ChallengeForm({
  template,
  defaultValues,
  challenge,
  templateId,
  onChangeTemplate,
  onCancel,
  onSaved,
}: ChallengeFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const create = useCreateChallenge();
  const update = useUpdateChallenge();
  const schema = useMemo(() => challengeFormFor(template), [template]);
  const form = useZodForm(schema, { defaultValues });
  const { control } = form;
  const { minimumText } = useCompletionRule(template);
  const isNew = challenge === undefined;

  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      // Only what is on is sent (spec 000 section 5: only defined fields go into the form data).
      const fields = {
        entreoPointsReward: values.entreoPointsReward,
        hasDate: Boolean(values.hasDate),
        ...(values.hasDate ? { startDate: values.startDate, endDate: values.endDate } : {}),
        hasFromDate: Boolean(values.hasFromDate),
        ...(values.hasFromDate ? { fromDate: values.fromDate, fromEndDate: values.fromEndDate } : {}),
        sendNotifications: Boolean(values.sendNotifications),
      };
      try {
        const saved = isNew
          ? await create.mutateAsync({ form: { challengeTemplateId: templateId, ...fields } })
          : await update.mutateAsync({ form: { id: challenge.id, ...fields } });
        onSaved(saved.challengeTemplatePlainModel.name);
        return true;
      } catch (error) {
        showSaveErrors(
          error,
          form.setError,
          formFields,
          isNew ? 'challenge.add.failed' : 'challenge.edit.failed',
        );
        return false;
      }
    }),
  );

  const title = isNew ? t('challenge.add.title') : t('challenge.edit.title');
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="lg">
        <TemplateSummary
          template={template}
          action={
            onChangeTemplate && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowLeft size={14} aria-hidden />}
                onClick={onChangeTemplate}
                style={{ flexShrink: 0 }}
              >
                {t('challenge.form.changeTemplate')}
              </Button>
            )
          }
        />
        <NumberField
          control={control}
          name="entreoPointsReward"
          label={t('challengeTemplate.fields.entreoPointsReward')}
          description={t('challenge.form.rewardHint', {
            xp: template.entreoPointsReward.toLocaleString('nl-NL'),
          })}
          required
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          // Out of range is said, not silently corrected.
          clampBehavior="none"
          suffix=" XP"
          maw={340}
          data-autofocus
        />
        <PeriodFields
          control={control}
          period="active"
          hint={t('challenge.form.hasDateHint')}
          endDescription={minimumText}
        />
        <PeriodFields control={control} period="visible" hint={t('challenge.form.hasFromDateHint')} />
        <SwitchField
          control={control}
          name="sendNotifications"
          label={t('challengeTemplate.fields.sendNotifications')}
          aria-label={t('challengeTemplate.fields.sendNotifications')}
          description={t('challenge.form.sendNotificationsHint')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={flow.step === 'saving'}>
            {isNew ? t('challenge.add.submit') : t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ChallengeModalProps {
  opened: boolean;
  /** The challenge to edit; a new one (template first) when left out. */
  challengeId?: number | undefined;
  onClose: () => void;
  /** A new challenge was saved (the list's counts changed). */
  onCreated?: (() => void) | undefined;
}

/**
 * The challenge modal (spec 000 section 2): a new challenge first picks a template, then fills the form;
 * an existing one loads and opens the form at once. Loading, form, saving, success confirmation.
 */
export function ChallengeModal({ opened, challengeId, onClose, onCreated }: ChallengeModalProps) {
  const { t } = useTranslation();
  const isNew = challengeId === undefined;
  const [template, setTemplate] = useState<PopularChallengeTemplate | null>(null);
  const [savedName, setSavedName] = useState('');
  const existing = useChallenge(opened ? challengeId : undefined);

  // Each new challenge starts at the template list.
  useEffect(() => {
    if (opened) setTemplate(null);
  }, [opened]);

  const title = isNew
    ? template
      ? t('challenge.add.title')
      : t('challenge.picker.title')
    : t('challenge.edit.title');

  const content = () => {
    if (isNew) {
      return template ? (
        <ChallengeForm
          key={template.id}
          template={template}
          templateId={template.id}
          defaultValues={newChallengeValues(template)}
          onChangeTemplate={() => setTemplate(null)}
          onCancel={onClose}
          onSaved={(name) => {
            setSavedName(name);
            onCreated?.();
          }}
        />
      ) : (
        <ChallengeTemplatePicker onPick={setTemplate} />
      );
    }
    if (existing.isError) {
      return (
        <ErrorState
          message={existing.error.status === 404 ? 'challenge.errors.notFound' : 'challenge.edit.fetchFailed'}
          onRetry={existing.error.status === 404 ? undefined : () => void existing.refetch()}
        />
      );
    }
    const challenge = existing.data;
    return challenge ? (
      <ChallengeForm
        key={challenge.id}
        template={challenge.challengeTemplatePlainModel}
        challenge={challenge}
        defaultValues={challengeValues(challenge)}
        onCancel={onClose}
        onSaved={setSavedName}
      />
    ) : null;
  };

  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={title}
      size="large"
      isLoading={!isNew && existing.isPending}
      successTitle={isNew ? 'challenge.add.successTitle' : 'challenge.edit.successTitle'}
      successMessage={t(isNew ? 'challenge.add.success' : 'challenge.edit.success', { name: savedName })}
    >
      {content()}
    </ModalFlow>
  );
}
