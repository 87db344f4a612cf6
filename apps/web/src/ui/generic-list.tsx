import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconDots,
  IconDownload,
  IconFilterOff,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from './deferred';
import { useListExport } from './list-export';
import { ListPagination } from './list-pagination';
import type { ListState } from './list-search';
import { type GenericListProps, ROW_HEIGHT, type RowId, SEARCH_DEBOUNCE_MS } from './list-types';
import { pageCount } from './pagination';
import { RowActionsButton } from './row-actions-button';
import type { RowActionsMenuProps } from './row-actions-menu';

import { translateMessage } from './translate';

export type {
  GenericListProps,
  ListColumn,
  ListData,
  ListSelection,
  ListTab,
  RowAction,
  RowId,
} from './list-types';
export { ROW_HEIGHT, SEARCH_DEBOUNCE_MS } from './list-types';

/** A row's actions menu (Menu, Popover, floating-ui) loads right after the first paint; its button shows until then. */
const RowActionsMenu = deferred<RowActionsMenuProps>(
  'row-actions-menu',
  () => import('./row-actions-menu'),
  ({ label }) => <RowActionsButton aria-label={label} aria-haspopup="menu" aria-expanded={false} />,
);

const defaultRowId = (row: unknown): RowId => (row as { id: RowId }).id;

export function GenericList<T>({
  columns,
  data,
  isLoading = false,
  state,
  onStateChange,
  getRowId = defaultRowId,
  getRowLabel,
  onRowClick,
  rowActions,
  rowActionsVariant,
  selection,
  tabs,
  onAdd,
  addLabel,
  withSearch = true,
  searchPlaceholder,
  toolbar,
  label,
  exportRows,
  minTableWidth = 480,
}: GenericListProps<T>) {
  const { t, i18n } = useTranslation();
  const tr = (text: string) => translateMessage(t, text);

  // The latest state and callback, so a debounced search never writes back a stale page or sort.
  const latest = useRef({ state, onStateChange });
  latest.current = { state, onStateChange };
  const update = (patch: Partial<ListState>) =>
    latest.current.onStateChange({ ...latest.current.state, ...patch });

  const listExport = useListExport(exportRows, columns, state);

  const [searchText, setSearchText] = useState(state.search ?? '');
  const emittedSearch = useRef(state.search ?? '');
  useEffect(() => {
    const fromUrl = state.search ?? '';
    if (fromUrl !== emittedSearch.current) {
      emittedSearch.current = fromUrl;
      setSearchText(fromUrl);
    }
  }, [state.search]);
  const emitSearch = useDebouncedCallback((value: string) => {
    const search = value.trim();
    emittedSearch.current = search;
    update({ search: search || undefined, page: 1 });
  }, SEARCH_DEBOUNCE_MS);

  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const defaultTab = tabs?.[0]?.value;
  const activeTab = state.tab ?? defaultTab;
  const isFiltered = Boolean(state.search) || (state.tab !== undefined && state.tab !== defaultTab);

  // A page beyond the end (after a delete or a narrower search) moves to the last page.
  const lastPage = pageCount(total, state.pageSize);
  useEffect(() => {
    if (!isLoading && data && data.items.length === 0 && (data.total ?? 0) > 0 && state.page > lastPage) {
      latest.current.onStateChange({ ...latest.current.state, page: lastPage });
    }
  }, [isLoading, data, state.page, lastPage]);

  const resetFilters = () => {
    emitSearch.cancel();
    emittedSearch.current = '';
    setSearchText('');
    update({ search: undefined, tab: undefined, page: 1 });
  };

  const toggleSort = (field: string) => {
    if (state.sort === field) update({ direction: state.direction === 'asc' ? 'desc' : 'asc', page: 1 });
    else update({ sort: field, direction: 'asc', page: 1 });
  };

  const visibleIds = items.map(getRowId);
  const selected = new Set(selection?.selectedIds ?? []);
  const selectedOnPage = visibleIds.filter((id) => selected.has(id)).length;
  const toggleAll = () => {
    if (!selection) return;
    if (selectedOnPage === visibleIds.length) {
      selection.onChange(selection.selectedIds.filter((id) => !visibleIds.includes(id)));
    } else {
      selection.onChange([...selection.selectedIds, ...visibleIds.filter((id) => !selected.has(id))]);
    }
  };
  const toggleRow = (id: RowId) => {
    if (!selection) return;
    selection.onChange(
      selected.has(id) ? selection.selectedIds.filter((x) => x !== id) : [...selection.selectedIds, id],
    );
  };

  const hasActions = Boolean(rowActions?.length);
  const actionsVariant = rowActionsVariant ?? (rowActions?.every((action) => action.icon) ? 'icons' : 'menu');
  const columnCount = columns.length + (selection ? 1 : 0) + (hasActions ? 1 : 0);
  const nameFor = (action: string, row: T) =>
    getRowLabel ? t('ui.list.rowAction', { action, row: getRowLabel(row) }) : action;

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  const renderActions = (row: T) => {
    const actions = (rowActions ?? []).filter((action) => !action.isHidden?.(row));
    if (actionsVariant === 'icons') {
      return (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {actions.map((action) => (
            <ActionIcon
              key={action.label}
              variant="subtle"
              color={action.color ?? 'gray'}
              aria-label={nameFor(tr(action.label), row)}
              title={tr(action.label)}
              disabled={action.isDisabled?.(row)}
              onClick={() => action.onClick(row)}
            >
              {action.icon ?? <IconDots size={18} />}
            </ActionIcon>
          ))}
        </Group>
      );
    }
    return (
      <Group justify="flex-end">
        <RowActionsMenu
          label={nameFor(t('ui.list.actions'), row)}
          items={actions.map((action) => ({
            key: action.label,
            label: tr(action.label),
            icon: action.icon,
            color: action.color,
            disabled: action.isDisabled?.(row),
            onClick: () => action.onClick(row),
          }))}
        />
      </Group>
    );
  };

  const sortIcon = (field: string) => {
    if (state.sort !== field) return <IconArrowsSort size={14} aria-hidden />;
    return state.direction === 'asc' ? (
      <IconSortAscending size={14} aria-hidden />
    ) : (
      <IconSortDescending size={14} aria-hidden />
    );
  };
  const ariaSort = (field: string) =>
    state.sort !== field ? 'none' : state.direction === 'asc' ? 'ascending' : 'descending';

  const skeletonRows = Math.min(state.pageSize, 5);

  return (
    <Stack gap="md">
      {tabs && tabs.length > 0 && (
        <Tabs
          value={activeTab}
          onChange={(value) => {
            if (value !== null) update({ tab: value === defaultTab ? undefined : value, page: 1 });
          }}
        >
          <Tabs.List>
            {tabs.map((tab) => {
              const count = data?.tabCounts?.[tab.value];
              const isCapped = data?.tabCountsCapped?.includes(tab.value) ?? false;
              return (
                <Tabs.Tab
                  key={tab.value}
                  value={tab.value}
                  rightSection={
                    count !== undefined ? (
                      <Badge
                        size="sm"
                        variant="light"
                        circle={count < 10}
                        aria-label={isCapped ? t('ui.list.countCapped', { count }) : undefined}
                      >
                        {isCapped ? `${count.toLocaleString(i18n.language)}+` : count}
                      </Badge>
                    ) : undefined
                  }
                >
                  {tr(tab.label)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>
      )}

      {(withSearch || onAdd || toolbar || exportRows) && (
        <Group justify="space-between" gap="sm">
          {withSearch ? (
            <TextInput
              type="search"
              aria-label={t('ui.list.search')}
              placeholder={searchPlaceholder ? tr(searchPlaceholder) : t('ui.list.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                emitSearch(event.currentTarget.value);
              }}
              w={{ base: '100%', sm: 320 }}
            />
          ) : (
            <span />
          )}
          <Group gap="sm">
            {toolbar}
            {exportRows && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={listExport.isExporting}
                onClick={() => void listExport.run()}
              >
                {t('ui.export.action')}
              </Button>
            )}
            {onAdd && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
                {addLabel ? tr(addLabel) : t('ui.list.add')}
              </Button>
            )}
          </Group>
        </Group>
      )}

      <Table.ScrollContainer minWidth={minTableWidth}>
        <Table
          highlightOnHover={Boolean(onRowClick)}
          verticalSpacing="sm"
          aria-label={label ? tr(label) : undefined}
          aria-busy={isLoading}
        >
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={48}>
                  <Checkbox
                    aria-label={t('ui.list.selectAll')}
                    checked={visibleIds.length > 0 && selectedOnPage === visibleIds.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < visibleIds.length}
                    disabled={visibleIds.length === 0}
                    onChange={toggleAll}
                  />
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th
                  key={column.id}
                  w={column.width}
                  ta={column.align}
                  aria-sort={column.sortField ? ariaSort(column.sortField) : undefined}
                >
                  {column.sortField ? (
                    <UnstyledButton
                      onClick={() => toggleSort(column.sortField as string)}
                      fw={700}
                      fz="sm"
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {tr(column.header)}
                      {sortIcon(column.sortField)}
                    </UnstyledButton>
                  ) : (
                    tr(column.header)
                  )}
                </Table.Th>
              ))}
              {hasActions && (
                <Table.Th w={actionsVariant === 'icons' ? 40 * (rowActions?.length ?? 1) + 16 : 56}>
                  <VisuallyHidden>{t('ui.list.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isLoading &&
              Array.from({ length: skeletonRows }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={index} style={{ height: ROW_HEIGHT }} data-testid="skeleton-row">
                  <Table.Td colSpan={columnCount}>
                    <Skeleton height={20} radius="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            {!isLoading &&
              items.map((row) => {
                const id = getRowId(row);
                return (
                  <Table.Tr
                    key={id}
                    bg={selected.has(id) ? 'var(--mantine-primary-color-light)' : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
                    tabIndex={onRowClick ? 0 : undefined}
                    style={{ height: ROW_HEIGHT, cursor: onRowClick ? 'pointer' : undefined }}
                  >
                    {selection && (
                      <Table.Td onClick={(event) => event.stopPropagation()}>
                        <Checkbox
                          aria-label={
                            getRowLabel
                              ? t('ui.list.selectRowNamed', { row: getRowLabel(row) })
                              : t('ui.list.selectRow')
                          }
                          checked={selected.has(id)}
                          onChange={() => toggleRow(id)}
                        />
                      </Table.Td>
                    )}
                    {columns.map((column) => (
                      <Table.Td key={column.id} ta={column.align}>
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                    {hasActions && (
                      // Clicking an action must not also open the row.
                      <Table.Td onClick={(event) => event.stopPropagation()}>{renderActions(row)}</Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            {!isLoading && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Stack align="center" gap="xs" py="xl" role="status">
                    <Text fw={600}>{t('listview.notification')}</Text>
                    <Text size="sm" c="dimmed">
                      {t('listview.no-results')}
                    </Text>
                    {isFiltered && (
                      <Button
                        variant="light"
                        leftSection={<IconFilterOff size={16} aria-hidden />}
                        onClick={resetFilters}
                      >
                        {t('ui.list.resetFilters')}
                      </Button>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {!isLoading && total > 0 && (
        <ListPagination
          page={state.page}
          pageSize={state.pageSize}
          total={total}
          isTotalCapped={data?.totalIsCapped}
          onPageChange={(page) => update({ page })}
        />
      )}
    </Stack>
  );
}
