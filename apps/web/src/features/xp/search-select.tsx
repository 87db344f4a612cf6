import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployers } from '@/features/employer/api';
import { useEmployerEmployees } from '@/features/employer-employee/api';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { OptionWithDetail } from '@/ui/inputs/option-with-detail';

export interface PickOption {
  id: number;
  label: string;
  /** A second line that tells two of the same name apart (an email address). */
  detail?: string;
}

interface OptionsQuery {
  options: PickOption[];
  isFetching: boolean;
  isError: boolean;
}

const firstPage = (search: string) => ({
  page: 1,
  pageSize: 20,
  direction: 'asc' as const,
  ...(search ? { search } : {}),
});

/** The active employer's employees whose name or address matches (`GET /EmployerEmployee`). */
export function useEmployeeOptions(search: string): OptionsQuery {
  const query = useEmployerEmployees(firstPage(search), { counts: false });
  return {
    options: (query.data?.items ?? []).map((employee) => ({
      id: employee.userId,
      label: employee.fullName,
      detail: employee.email,
    })),
    isFetching: query.isFetching,
    isError: query.isError,
  };
}

/** Employers whose name matches (`GET /Employer`, admin). */
export function useEmployerOptions(search: string): OptionsQuery {
  const query = useEmployers(firstPage(search), { counts: false });
  return {
    options: (query.data?.items ?? []).map((employer) => ({ id: employer.id, label: employer.name })),
    isFetching: query.isFetching,
    isError: query.isError,
  };
}

export interface SearchSelectProps
  extends Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchValue' | 'onSearchChange'> {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  /** The options for what was typed, searched on the server (a hook). */
  useOptions: (search: string) => OptionsQuery;
  /** Translation keys: type to search, nothing found, the search failed, the clear button. */
  texts: { hint: string; nothingFound: string; failed: string; clear: string };
}

/**
 * A select whose options the server searches as the person types (debounced); the chosen one stays an
 * option when a new search no longer lists it. Keyboard: type, arrows, Enter; Escape closes.
 */
export function SearchSelect({ value, onChange, useOptions, texts, ...props }: SearchSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickOption | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Choosing puts the name in the box: that is no new search.
  const query = debounced === chosen?.label ? '' : debounced;
  const found = useOptions(query);

  const byId = new Map<string, PickOption>();
  if (chosen) byId.set(String(chosen.id), chosen);
  for (const option of found.options) byId.set(String(option.id), option);

  return (
    <Select
      leftSection={<IconSearch size={16} aria-hidden />}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t(texts.clear) }}
      {...props}
      data={[...byId.values()].map((option) => ({ value: String(option.id), label: option.label }))}
      // The server searched; show what it found.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(id) => {
        setChosen(id ? (byId.get(id) ?? null) : null);
        onChange(id ? Number(id) : null);
      }}
      renderOption={({ option }) => (
        <OptionWithDetail label={option.label} detail={byId.get(option.value)?.detail} />
      )}
      nothingFoundMessage={
        found.isFetching
          ? t('ui.loading')
          : found.isError
            ? t(texts.failed)
            : t(query ? texts.nothingFound : texts.hint)
      }
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
    />
  );
}
