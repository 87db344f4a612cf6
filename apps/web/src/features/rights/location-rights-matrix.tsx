import { Checkbox, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import type { LocationRight, LocationRightsRow } from '@xp/contracts';
import { locationRights } from '@xp/contracts/enums';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useLocationRightsMatrix, useUpdateLocationEmployeeRights } from './api';
import { useRightLabel } from './rights-display';

interface LocationRightsMatrixProps {
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Opens the rights page of one employee. */
  onOpen: (row: LocationRightsRow) => void;
}

/** `/location/rights`: the active location's employees against its rights; a tick is saved at once. */
export function LocationRightsMatrix({ state, onStateChange, onOpen }: LocationRightsMatrixProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('rights.matrix.title')} · ${t('shell.productName')}`);
  const { activeLocationId } = useRequiredClaims();
  const rightLabel = useRightLabel();
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`), per location; a tick
  // changes no count.
  const counts = useListCounts(state, activeLocationId);
  const query = useLocationRightsMatrix(activeLocationId, state, counts.countsQuery);
  const update = useUpdateLocationEmployeeRights();
  /** Rights being saved or just saved, shown until the list comes back from the server. */
  const [overrides, setOverrides] = useState<Record<number, LocationRight[]>>({});
  const [saving, setSaving] = useState<Record<number, boolean>>({});
  const dataUpdatedAt = query.dataUpdatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh list from the server replaces the overrides
  useEffect(() => setOverrides({}), [dataUpdatedAt]);

  const rightsOf = (row: LocationRightsRow) => overrides[row.employeeId] ?? row.rights;

  const toggle = async (row: LocationRightsRow, right: LocationRight, isOn: boolean) => {
    if (activeLocationId === null) return;
    const current = rightsOf(row);
    const next = isOn ? [...current, right] : current.filter((entry) => entry !== right);
    setOverrides((previous) => ({ ...previous, [row.employeeId]: next }));
    setSaving((previous) => ({ ...previous, [row.employeeId]: true }));
    try {
      const saved = await update.mutateAsync({
        params: { id: activeLocationId, employeeId: row.employeeId },
        body: { rights: next },
      });
      setOverrides((previous) => ({ ...previous, [row.employeeId]: saved.rights }));
      showSuccess(t('rights.employee.saved', { name: row.name }));
    } catch (error) {
      setOverrides(({ [row.employeeId]: _dropped, ...rest }) => rest);
      showFailure(error, 'rights.employee.failed');
    } finally {
      setSaving(({ [row.employeeId]: _done, ...rest }) => rest);
    }
  };

  const columns: ListColumn<LocationRightsRow>[] = [
    {
      id: 'name',
      header: 'rights.matrix.employee',
      sortField: 'name',
      width: 240,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.email}
          </Text>
        </Stack>
      ),
    },
    ...locationRights.map(
      (right): ListColumn<LocationRightsRow> => ({
        id: right,
        header: rightLabel('location', right, 'short'),
        align: 'center',
        cell: (row) => (
          // The row opens the employee; a tick must not.
          // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click from reaching the row
          // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox itself handles the keyboard
          <div onClick={(event) => event.stopPropagation()} style={{ display: 'inline-block' }}>
            <Checkbox
              checked={rightsOf(row).includes(right)}
              disabled={saving[row.employeeId] === true}
              onChange={(event) => void toggle(row, right, event.currentTarget.checked)}
              aria-label={t('rights.matrix.cellLabel', {
                right: rightLabel('location', right),
                name: row.name,
              })}
            />
          </div>
        ),
      }),
    ),
  ];

  const rowActions: RowAction<LocationRightsRow>[] = [
    { label: 'rights.matrix.open', icon: <IconKey size={18} aria-hidden />, onClick: onOpen },
  ];

  if (activeLocationId === null) return <ErrorState message="rights.matrix.noActiveLocation" />;

  return (
    <>
      <PageHeader title="rights.matrix.title" subtitle={t('rights.matrix.subtitle')} />
      <Legend />
      {query.isError ? (
        <ErrorState message="rights.matrix.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="rights.matrix.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowId={(row) => row.employeeId}
          getRowLabel={(row) => row.name}
          onRowClick={onOpen}
          rowActions={rowActions}
          searchPlaceholder="rights.matrix.searchPlaceholder"
        />
      )}
    </>
  );
}

/** What each short column name stands for. */
function Legend() {
  return (
    <Text size="xs" c="dimmed" mb="sm" component="div">
      <Stack gap={2} component="dl" style={{ margin: 0 }}>
        {locationRights.map((right) => (
          <LegendEntry key={right} right={right} />
        ))}
      </Stack>
    </Text>
  );
}

function LegendEntry({ right }: { right: string }) {
  const rightLabel = useRightLabel();
  return (
    <div style={{ display: 'flex', gap: 6 }}>
      <dt style={{ fontWeight: 700 }}>{rightLabel('location', right, 'short')}:</dt>
      <dd style={{ margin: 0 }}>{rightLabel('location', right, 'description')}</dd>
    </div>
  );
}
