import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFilter, withDateRange } from '@/ui/inputs/date-range-filter';
import { SearchSelect, useEmployerOptions } from './search-select';

type FilterState = DateRange & { page: number; employerId?: number };

interface XpListFiltersProps<S extends FilterState> {
  state: S;
  onStateChange: (state: S) => void;
  /** The admin's lists: one employer's rows, or every one's. */
  hasEmployerFilter: boolean;
  /** More of the toolbar after the filters (a button). */
  children?: ReactNode;
}

/** The XP lists' toolbar: the period and (admin) the employer, each change back to the first page. */
export function XpListFilters<S extends FilterState>({
  state,
  onStateChange,
  hasEmployerFilter,
  children,
}: XpListFiltersProps<S>) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end">
      <DateRangeFilter
        from={state.from}
        to={state.to}
        onChange={(range) => onStateChange(withDateRange(state, range))}
        fromLabel="xp.transactions.from"
        toLabel="xp.transactions.to"
        clearLabel="xp.transactions.clear"
      />
      {hasEmployerFilter && (
        <SearchSelect
          label={t('xp.transactions.employer')}
          placeholder={t('xp.transactions.allEmployers')}
          value={state.employerId}
          onChange={(employerId) => {
            const { employerId: _old, ...rest } = state;
            onStateChange({ ...rest, ...(employerId ? { employerId } : {}), page: 1 } as S);
          }}
          useOptions={useEmployerOptions}
          texts={{
            hint: 'xp.employerPick.hint',
            nothingFound: 'xp.employerPick.nothingFound',
            failed: 'xp.employerPick.failed',
            clear: 'xp.employerPick.clear',
          }}
          w={240}
        />
      )}
      {children}
    </Group>
  );
}
