import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';

/** Employees added to a location or a rights group: the contract's body, at least one chosen. */
interface EmployeeIds {
  employeeIds: number[];
}

/** An employee the add modal may offer. */
interface Candidate {
  employeeId: number;
  name: string;
  email: string;
}

/** A query hook: the candidates for a search in the location or group `id` (the server searches). */
type UseCandidates = (
  id: number,
  search: string,
  enabled: boolean,
) => {
  data?: { items: readonly Candidate[] };
  isFetching: boolean;
};

/** Translation keys of the add modal ('Medewerkers toevoegen'). */
export interface AddEmployeesTexts {
  title: string;
  successTitle: string;
  label: string;
  placeholder: string;
  nothingFound: string;
  submit: string;
  failed: string;
}

interface AddEmployeesModalProps {
  /** The location's or rights group's id. */
  id: number;
  opened: boolean;
  onClose: () => void;
  texts: AddEmployeesTexts;
  /** The success text, with how many were added. */
  successMessage: (count: number) => string;
  /** The contract's body schema (at least one employee, with its own error key). */
  schema: z.ZodType<EmployeeIds, EmployeeIds>;
  /** Who may still be added, for a search. */
  useCandidates: UseCandidates;
  /** Adds them to `id`; resolves with how many were added. */
  add: (id: number, values: EmployeeIds) => Promise<number>;
}

/**
 * 'Medewerkers toevoegen': pick at least one employee of the gym from a server-searched multi-select
 * (used for a location's employees and a rights group's members).
 */
export function AddEmployeesModal({
  opened,
  onClose,
  texts,
  successMessage,
  ...form
}: AddEmployeesModalProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t(texts.title)}
      successTitle={texts.successTitle}
      successMessage={successMessage(count)}
    >
      <AddEmployeesForm {...form} texts={texts} onSaved={setCount} onCancel={onClose} />
    </ModalFlow>
  );
}

interface AddEmployeesFormProps
  extends Pick<AddEmployeesModalProps, 'id' | 'texts' | 'schema' | 'useCandidates' | 'add'> {
  onSaved: (count: number) => void;
  onCancel: () => void;
}

function AddEmployeesForm({
  id,
  texts,
  schema,
  useCandidates,
  add,
  onSaved,
  onCancel,
}: AddEmployeesFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const form = useZodForm(schema, { defaultValues: { employeeIds: [] } });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const candidates = useCandidates(id, debounced, true);
  /** Names of the chosen employees, kept when a new search no longer lists them. */
  const [chosen, setChosen] = useState<Record<string, string>>({});
  /** The option list closes after each pick, so that it does not cover the submit button; typing opens it. */
  const [isListOpen, setListOpen] = useState(false);

  const options = new Map<string, string>(Object.entries(chosen));
  for (const employee of candidates.data?.items ?? []) {
    options.set(String(employee.employeeId), `${employee.name} (${employee.email})`);
  }
  const data = [...options].map(([value, label]) => ({ value, label }));

  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      try {
        onSaved(await add(id, values));
        return true;
      } catch (error) {
        showFailure(error, texts.failed);
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t(texts.title)}>
      <Stack gap="xl">
        <Controller
          control={form.control}
          name="employeeIds"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t(texts.label)}
              placeholder={t(texts.placeholder)}
              required
              searchable
              data-autofocus
              data={data}
              // The server searches; show what it found.
              filter={({ options: found }) => found}
              searchValue={search}
              onSearchChange={setSearch}
              dropdownOpened={isListOpen}
              onDropdownOpen={() => setListOpen(true)}
              onDropdownClose={() => setListOpen(false)}
              onOptionSubmit={() => setListOpen(false)}
              nothingFoundMessage={candidates.isFetching ? t('ui.loading') : t(texts.nothingFound)}
              value={field.value.map(String)}
              onChange={(values) => {
                setChosen(Object.fromEntries(values.map((value) => [value, options.get(value) ?? value])));
                field.onChange(values.map(Number));
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={216}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={flow.step === 'saving'}>
            {t(texts.submit)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ConfirmRemoveOptions<T> {
  /** Translation key of the confirmation's title. */
  title: string;
  /** The confirmation's (translated) question about this employee. */
  message: (employee: T) => string;
  /** The (translated) success toast. */
  done: (employee: T) => string;
  /** Translation key of the failure toast. */
  failed: string;
  remove: (employee: T) => Promise<unknown>;
  /** After a failure: reload the list, it may have changed. */
  onFailed: () => void;
}

/** Removing an employee from a list after a red confirmation, with a toast for the outcome. */
export function useConfirmRemove<T>({
  title,
  message,
  done,
  failed,
  remove,
  onFailed,
}: ConfirmRemoveOptions<T>) {
  const confirm = useConfirm();
  return (employee: T) =>
    void confirm({
      title,
      message: message(employee),
      color: 'red',
      confirmLabel: 'actions.delete',
      onConfirm: async () => {
        try {
          await remove(employee);
          showSuccess(done(employee));
        } catch (error) {
          showFailure(error, failed);
          onFailed();
        }
      },
    });
}
