import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ExportColumn, ListExport } from './list-export';
import type { ListState } from './list-search';

/*
 * The shapes a list screen hands `GenericList` (ui/generic-list.tsx): columns, tabs, row actions, the data
 * page and the selection.
 */

/** Search input debounce (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Height of a table row (spec section 9). */
export const ROW_HEIGHT = 68;

export type RowId = string | number;

export interface ListColumn<T> {
  id: string;
  /** Translation key or text. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Server sort field; when set the header is a sort button. */
  sortField?: string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * The cell in the CSV export, as the screen shows it (names, translated labels, `format.date(...)`);
   * a boolean becomes 'Ja' / 'Nee'. Columns without it are left out of the file.
   */
  exportValue?: ExportColumn<T>['exportValue'];
}

export interface ListTab {
  /** Value kept in `state.tab`, also the key into `data.tabCounts`. */
  value: string;
  /** Translation key or text. */
  label: string;
}

export interface RowAction<T> {
  /** Translation key or text; also the accessible name of the button. */
  label: string;
  icon?: ReactNode;
  color?: MantineColor;
  onClick: (row: T) => void;
  isHidden?: (row: T) => boolean;
  isDisabled?: (row: T) => boolean;
}

export interface ListData<T> {
  items: T[];
  /** Left out of a `counts=false` answer: the list keeps showing the counts of its filter (`useListCounts`). */
  total?: number | undefined;
  /** `total` is the server's count cap, not the exact count. */
  totalIsCapped?: boolean | undefined;
  tabCounts?: Record<string, number>;
  /** Tabs whose count is the server's cap. */
  tabCountsCapped?: string[] | undefined;
}

export interface ListSelection {
  selectedIds: readonly RowId[];
  onChange: (ids: RowId[]) => void;
}

export interface GenericListProps<T> {
  columns: readonly ListColumn<T>[];
  data: ListData<T> | undefined;
  isLoading?: boolean;
  /** Controlled state; the route keeps it in the URL (see `parseListSearch`). */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Defaults to `row.id`. */
  getRowId?: (row: T) => RowId;
  /** Name of the row used in the accessible names of its actions and checkbox ('Bewerken Zaal 1'). */
  getRowLabel?: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowActions?: readonly RowAction<T>[];
  /** 'icons' shows one icon button per action, 'menu' one menu; default icons when every action has one. */
  rowActionsVariant?: 'icons' | 'menu';
  selection?: ListSelection;
  /** The first tab is the default (no filter). */
  tabs?: readonly ListTab[];
  onAdd?: () => void;
  /** Default 'Toevoegen'. */
  addLabel?: string;
  withSearch?: boolean;
  searchPlaceholder?: string;
  /** Extra toolbar content next to the add button (filters, export, ...). */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  /** Shows 'Exporteren': every row of the current search, sort and filters as a CSV file. */
  exportRows?: ListExport<T>;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns (default 480). */
  minTableWidth?: number;
}
