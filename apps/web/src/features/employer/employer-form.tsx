import { Stack, Text } from '@mantine/core';
import { type Employer, type EmployerInput, employerInput, employerUpdate } from '@xp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { SidePanelForm } from '@/ui/side-panel';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateEmployer, useRenameEmployer } from './api';

/** The fields of the add form, where the server's field errors land (409 name, 409 email). */
const addFields = ['name', 'email'] as const;
const renameFields = ['name'] as const;

export const emptyEmployer: EmployerInput = { name: '', email: '' };

interface EmployerFormPanelProps {
  opened: boolean;
  /** The employer to rename; a new employer when left out. */
  employer?: Employer | undefined;
  onClose: () => void;
}

/** 'Werkgever toevoegen' / 'Werkgever hernoemen' (admin) in a side panel, validated with the contract. */
export function EmployerFormPanel({ opened, employer, onClose }: EmployerFormPanelProps) {
  return employer ? (
    <RenameEmployerPanel key={employer.id} opened={opened} employer={employer} onClose={onClose} />
  ) : (
    <AddEmployerPanel opened={opened} onClose={onClose} />
  );
}

/** The employer and the contact who is invited to register for it. */
function AddEmployerPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateEmployer();
  const form = useZodForm(employerInput, { defaultValues: emptyEmployer });
  const { reset } = form;

  useEffect(() => {
    if (opened) reset(emptyEmployer);
  }, [opened, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ body: values });
      showSuccess(t('employer.add.done', { name: created.name, email: values.email }));
      reset(emptyEmployer);
      onClose();
    } catch (error) {
      showSaveErrors(error, form.setError, addFields, 'employer.add.failed');
    }
  });

  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={t('employer.add.title')}
      subtitle={t('employer.add.subtitle')}
      formState={form.formState}
      onSubmit={submit}
      addLabel={t('employer.add.submit')}
    >
      <Stack gap="md">
        <TextField
          control={form.control}
          name="name"
          label={t('employer.fields.name')}
          required
          maxLength={100}
          data-autofocus
        />
        <TextField
          control={form.control}
          name="email"
          type="email"
          label={t('employer.fields.contactEmail')}
          description={t('employer.add.emailHint')}
          required
          maxLength={254}
          autoCapitalize="none"
          spellCheck={false}
        />
        <Text size="sm" c="dimmed">
          {t('employer.add.intro')}
        </Text>
      </Stack>
    </SidePanelForm>
  );
}

function RenameEmployerPanel({
  opened,
  employer,
  onClose,
}: {
  opened: boolean;
  employer: Employer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameEmployer();
  const form = useZodForm(employerUpdate, { defaultValues: { id: employer.id, name: employer.name } });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await rename.mutateAsync({ body: values });
      showSuccess(t('employer.rename.saved', { name: saved.name }));
      onClose();
    } catch (error) {
      showSaveErrors(error, form.setError, renameFields, 'employer.rename.failed');
    }
  });

  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={t('employer.rename.title')}
      subtitle={employer.name}
      formState={form.formState}
      onSubmit={submit}
    >
      <TextField
        control={form.control}
        name="name"
        label={t('employer.fields.name')}
        required
        maxLength={100}
        data-autofocus
      />
    </SidePanelForm>
  );
}
