import { Select } from '@mantine/core';
import { provideDeferred } from './deferred';
import type { FilterSelectProps } from './filter-select';

/** A list's filter as a Mantine select (`filter-select.tsx` shows the field until this module is in). */
export function FilterSelectControl({ clearLabel, ...props }: FilterSelectProps) {
  return <Select {...props} clearable clearButtonProps={{ 'aria-label': clearLabel }} searchable />;
}

provideDeferred('filter-select', FilterSelectControl);
