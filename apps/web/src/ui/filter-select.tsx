import { ComboboxChevron, TextInput } from '@mantine/core';
import { deferred } from './deferred';

export interface FilterSelectProps {
  'aria-label': string;
  placeholder: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** The clear button's accessible name. */
  clearLabel: string;
  w?: number;
}

/**
 * A list's filter: a searchable, clearable select. Its combobox (Popover, floating-ui: ~26 KB gzip) loads
 * right after the first paint (`ui/deferred`); until then the same field shows its choice, read-only.
 */
export const FilterSelect = deferred<FilterSelectProps>(
  'filter-select',
  () => import('./filter-select-control'),
  ({ 'aria-label': label, placeholder, data, value, w }) => (
    <TextInput
      readOnly
      aria-label={label}
      aria-haspopup="listbox"
      aria-expanded={false}
      placeholder={placeholder}
      value={data.find((item) => item.value === value)?.label ?? ''}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      w={w}
    />
  ),
);
