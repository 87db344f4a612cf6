import { Button, Group, Stack, TextInput } from '@mantine/core';
import {
  dutchToday,
  type Entry,
  type EntryInput,
  type EntryUpdate,
  entryInput,
  entryUpdate,
} from '@xp/contracts';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { TimeField } from '@/ui/inputs/time-input';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateEntry, useUpdateEntry } from './api';
import { DayField } from './day-field';
import { dutchTimeNow } from './format';
import { MemberField } from './member-field';

/** Where the server's field errors of an entry land; the others show as a toast. */
const entryFormFields = ['memberId', 'date', 'entryTime', 'exitTime'] as const;

/** A new entry: today, now, no exit yet (the member is inside). */
export const newEntryValues = (): EntryInput => ({
  memberId: undefined as unknown as number,
  date: dutchToday(),
  entryTime: dutchTimeNow(),
  exitTime: '',
});

export const toFormValues = (entry: Entry): EntryUpdate => ({
  id: entry.id,
  date: entry.date,
  entryTime: entry.entryTime,
  exitTime: entry.exitTime ?? '',
});

type TimesValues = Pick<EntryInput, 'date' | 'entryTime' | 'exitTime'>;

/** Date, entry time and exit time (optional, not before the entry time: the contract's rule). */
function EntryTimesFields<T extends TimesValues & FieldValues, TOutput extends FieldValues>({
  control,
}: {
  control: Control<T, unknown, TOutput>;
}) {
  const { t } = useTranslation();
  const path = (name: keyof TimesValues) => name as FieldPath<T>;
  return (
    <>
      <DayField control={control} name={path('date')} label={t('entry.fields.date')} required />
      <Group grow align="flex-start">
        <TimeField control={control} name={path('entryTime')} label={t('entry.fields.entryTime')} required />
        <TimeField
          control={control}
          name={path('exitTime')}
          label={t('entry.fields.exitTime')}
          description={t('entry.form.exitHint')}
          // The hint below the input, so that both time inputs stay on one line.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Group>
    </>
  );
}

interface EntryModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Entree registreren': a member, the day and the times; form, saving, success, close. */
export function AddEntryModal({ opened, onClose }: EntryModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t('entry.add.title')}
      successTitle="entry.add.successTitle"
      successMessage={t('entry.add.success', { name })}
    >
      <AddEntryForm onSaved={setName} onCancel={onClose} />
    </ModalFlow>
  );
}

interface FormProps {
  onSaved: (memberName: string) => void;
  onCancel: () => void;
}

/** The form of 'Entree registreren', checked with the contract's `entryInput`. */
export function AddEntryForm({ onSaved, onCancel }: FormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const create = useCreateEntry();
  const form = useZodForm(entryInput, { defaultValues: newEntryValues() });

  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      try {
        const created = await create.mutateAsync({ body: values });
        onSaved(created.memberName);
        return true;
      } catch (error) {
        showSaveErrors(error, form.setError, entryFormFields, 'entry.add.failed');
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('entry.add.title')}>
      <Stack gap="md">
        <MemberField
          control={form.control}
          name="memberId"
          label={t('entry.fields.member')}
          required
          data-autofocus
        />
        <EntryTimesFields control={form.control} />
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={flow.step === 'saving'}>
            {t('entry.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface EditEntryModalProps extends EntryModalProps {
  /** The entry to correct; the modal keeps it while it closes. */
  entry: Entry | null;
}

/** 'Entree bewerken': the day and the times of an entry (the member stays). */
export function EditEntryModal({ opened, onClose, entry }: EditEntryModalProps) {
  const { t } = useTranslation();
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t('entry.edit.title')}
      successTitle="entry.edit.successTitle"
      successMessage={t('entry.edit.success', { name: entry?.memberName ?? '' })}
    >
      {entry && <EditEntryForm key={entry.id} entry={entry} onCancel={onClose} />}
    </ModalFlow>
  );
}

/** The form of 'Entree bewerken', checked with the contract's `entryUpdate`. */
export function EditEntryForm({ entry, onCancel }: { entry: Entry; onCancel: () => void }) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const update = useUpdateEntry();
  const form = useZodForm(entryUpdate, { defaultValues: toFormValues(entry) });

  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      try {
        await update.mutateAsync({ body: values });
        return true;
      } catch (error) {
        showSaveErrors(error, form.setError, entryFormFields, 'entry.edit.failed');
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('entry.edit.title')}>
      <Stack gap="md">
        <TextInput label={t('entry.fields.member')} value={entry.memberName} readOnly variant="filled" />
        <EntryTimesFields control={form.control} />
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={flow.step === 'saving'} data-autofocus>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
