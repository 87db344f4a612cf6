import { ActionIcon, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { EmployerAddressInput, EmployerContactInput, EmployerSettings } from '@xp/contracts';
import { type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { showSuccess } from '@/ui/toasts';
import { settingsForm, useUpdateEmployerSettings } from './api';
import { showRowErrors } from './row-errors';
import { SettingsCard } from './settings-card';

/** The lists of the settings that are saved whole: a row is added, changed or removed in a modal. */
export type SettingsList = 'addresses' | 'contacts';
type Row<L extends SettingsList> = EmployerSettings[L][number];
type RowInput<L extends SettingsList> = L extends 'addresses' ? EmployerAddressInput : EmployerContactInput;

const rowsOf = <L extends SettingsList>(settings: EmployerSettings, list: L) =>
  settings[list] as readonly Row<L>[];

/** The stored rows as the form sends them: without their ids (TypeScript cannot narrow `L` inside). */
const inputsOf = <L extends SettingsList>(rows: readonly Row<L>[]) =>
  rows.map(({ id: _, ...row }) => row as unknown as RowInput<L>);

export interface SettingsListColumn<T> {
  /** Translation key of the header. */
  header: string;
  cell: (row: T) => ReactNode;
}

export interface RowFormProps<T> {
  /** Where the row goes in the list: a new one at the end. */
  index: number;
  /** The stored row; undefined for a new one. */
  row: T | undefined;
  onCancel: () => void;
}

interface SettingsListCardProps<L extends SettingsList> {
  settings: EmployerSettings;
  list: L;
  /**
   * Prefix of the card's texts: `title`, `subtitle`, `add`, `empty`, `addTitle`, `editTitle`, `saved`,
   * `failed`, `removeTitle`, `removeMessage` and `removed` (these two get the row's `{{label}}`).
   */
  texts: string;
  /** The most rows the list keeps: adding is disabled then. */
  max: number;
  /** Names a row in its buttons and in the removal's texts. */
  labelOf: (row: Row<L>) => string;
  columns: readonly SettingsListColumn<Row<L>>[];
  modalSize?: 'default' | 'large';
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns (a phone). */
  minWidth?: number;
  /** The modal's form (it saves with `useRowSubmit`). */
  renderForm: (props: RowFormProps<Row<L>>) => ReactNode;
}

/** A card with a list of the settings: a table with edit and remove per row, and the add / edit modal. */
export function SettingsListCard<L extends SettingsList>({
  settings,
  list,
  texts,
  max,
  labelOf,
  columns,
  modalSize = 'default',
  minWidth,
  renderForm,
}: SettingsListCardProps<L>) {
  const { t } = useTranslation();
  const update = useUpdateEmployerSettings();
  /** The row being edited: its index, or 'new'; null while the modal is closed. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const rows = rowsOf(settings, list);
  const close = () => setEditing(null);

  const remove = (index: number) => {
    const label = labelOf(rows[index]!);
    void openConfirm({
      title: `${texts}.removeTitle`,
      message: t(`${texts}.removeMessage`, { label }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          const remaining = inputsOf(rows.filter((_, at) => at !== index));
          await update.mutateAsync({ form: settingsForm(settings, { [list]: remaining }) });
          showSuccess(t(`${texts}.removed`, { label }));
          return true;
        } catch (error) {
          showFailure(error, `${texts}.failed`);
          return false;
        }
      },
    });
  };

  // The table scrolls sideways below `minWidth`; positioned, so that the hidden header of the actions column
  // scrolls with it instead of widening the page.
  return (
    <SettingsCard
      title={t(`${texts}.title`)}
      subtitle={t(`${texts}.subtitle`)}
      actions={
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          disabled={rows.length >= max}
        >
          {t(`${texts}.add`)}
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${texts}.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth ?? 0} type="native" pos="relative">
          <Table aria-label={t(`${texts}.title`)} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{t(column.header)}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{t('ui.list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('actions.edit')} ${labelOf(row)}`}
                        onClick={() => setEditing(index)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('actions.delete')} ${labelOf(row)}`}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ModalFlow
        opened={editing !== null}
        onClose={close}
        title={t(editing === 'new' ? `${texts}.addTitle` : `${texts}.editTitle`)}
        successMessage={`${texts}.saved`}
        size={modalSize}
      >
        {editing !== null &&
          renderForm({
            index: editing === 'new' ? rows.length : editing,
            row: editing === 'new' ? undefined : rows[editing],
            onCancel: close,
          })}
      </ModalFlow>
    </SettingsCard>
  );
}

interface RowSubmitOptions<L extends SettingsList> {
  settings: EmployerSettings;
  list: L;
  index: number;
  /** The modal's fields: the server's errors on the row go onto them. */
  fields: readonly string[];
  /** Translation key of the toast of a failure on none of the fields. */
  failure: string;
}

/**
 * The submit of a row's modal form: the whole list is saved with the row put in at `index`; the server's
 * errors on that row go onto the modal's fields.
 */
export function useRowSubmit<L extends SettingsList, TInput extends FieldValues>(
  form: UseFormReturn<TInput, unknown, RowInput<L>>,
  { settings, list, index, fields, failure }: RowSubmitOptions<L>,
) {
  const flow = useModalFlow();
  const update = useUpdateEmployerSettings();
  return form.handleSubmit((values) =>
    flow.save(async () => {
      const rows = inputsOf(rowsOf(settings, list));
      rows[index] = values;
      try {
        await update.mutateAsync({ form: settingsForm(settings, { [list]: rows }) });
        return true;
      } catch (error) {
        showRowErrors(error, list, index, form.setError, fields, failure);
        return false;
      }
    }),
  );
}
