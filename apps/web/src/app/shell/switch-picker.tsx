import {
  CheckIcon,
  Combobox,
  Group,
  InputBase,
  Loader,
  type MantineSize,
  Text,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Named, SwitchKind } from '@xp/contracts';
import { accountCalls } from '@xp/contracts/calls';
import { COUNT_CAP } from '@xp/contracts/request';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { provideDeferred } from '@/ui/deferred';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { call } from '../api-client';
import { apiQueryKey } from '../api-hooks';

/** The value of the option that loads the next page. */
const MORE = '__more';

/** What an option of the picker stands for: an organisation, or the extra choice (e.g. 'Hoofdlocatie'). */
export interface ExtraChoice {
  value: string;
  label: string;
}

export interface SwitchPickerProps {
  kind: SwitchKind;
  /** The accessible name (and, with `withLabel`, the visible label). */
  label: string;
  withLabel: boolean;
  icon: ReactNode;
  /** The active one's value (an id, or an extra choice's value) and its name, shown on the button. */
  value: string | null;
  valueLabel: string | undefined;
  /** A choice above the list when no search is typed ('Hoofdlocatie'). */
  extra?: ExtraChoice | undefined;
  disabled: boolean;
  pending: boolean;
  w?: number | undefined;
  size?: MantineSize;
  onChange: (value: string) => void;
}

/** The searched pages of one kind while the dropdown is open (`GET /Account/SwitchOptions/{kind}`). */
function useSwitchOptionPages(kind: SwitchKind, search: string, enabled: boolean) {
  return useInfiniteQuery({
    // Under the key of `SwitchOptions`: whatever renews those (a gym added or renamed) renews these too.
    queryKey: [...apiQueryKey(accountCalls.switchOptions), 'pages', kind, search],
    queryFn: ({ pageParam, signal }) =>
      call(accountCalls.switchOptionsPage, {
        params: { kind },
        query: { page: pageParam, ...(search ? { search } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < (last.total ?? 0) ? pages.length + 1 : undefined;
    },
    enabled,
    staleTime: 30_000,
  });
}

/**
 * A switcher: a combobox showing the active one; typing searches (on the server, debounced, a page at a
 * time) and the list shows the matches. Keyboard: arrow down opens it, typing searches, arrows and Enter
 * choose, Escape closes; 'Meer tonen' loads the next page.
 */
export function SwitchPicker({
  kind,
  label,
  withLabel,
  icon,
  value,
  valueLabel,
  extra,
  disabled,
  pending,
  w,
  size = 'sm',
  onChange,
}: SwitchPickerProps) {
  const { t, i18n } = useTranslation();
  /** What the user typed since opening; null: nothing, the input shows the active one. */
  const [typed, setTyped] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => {
      setOpened(false);
      combobox.resetSelectedOption();
      setTyped(null);
    },
  });
  const search = typed ?? '';
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useSwitchOptionPages(kind, debounced, opened);
  const items: Named[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const last = query.data?.pages.at(-1);
  const total = last?.total ?? 0;
  const isCapped = last?.totalIsCapped === true;
  const number = (count: number) => count.toLocaleString(i18n.language);
  const searching = search.trim() !== debounced || (query.isFetching && !query.isFetchingNextPage);

  const option = (optionValue: string, text: string) => (
    <Combobox.Option value={optionValue} key={optionValue} active={optionValue === value}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" truncate>
          {text}
        </Text>
        {optionValue === value && <CheckIcon size={12} aria-hidden />}
      </Group>
    </Combobox.Option>
  );

  const options = [
    ...(extra && debounced === '' ? [option(extra.value, extra.label)] : []),
    ...items.map((item) => option(String(item.id), item.name)),
  ];

  let status: ReactNode = null;
  if (query.isError) {
    status = <Combobox.Empty>{t('shell.switchers.loadFailed')}</Combobox.Empty>;
  } else if (query.isPending) {
    status = (
      <Combobox.Empty>
        <Group gap="xs" justify="center">
          <Loader size="xs" aria-hidden />
          {t('shell.switchers.loading')}
        </Group>
      </Combobox.Empty>
    );
  } else if (options.length === 0) {
    status = <Combobox.Empty>{t('shell.switchers.nothingFound')}</Combobox.Empty>;
  }

  return (
    <Combobox
      store={combobox}
      withinPortal
      shadow="md"
      size={size}
      width={w === undefined ? 'target' : Math.max(w, 280)}
      position="bottom-start"
      disabled={disabled}
      onOptionSubmit={(submitted) => {
        if (submitted === MORE) {
          void query.fetchNextPage();
          return;
        }
        combobox.closeDropdown();
        if (submitted !== value) onChange(submitted);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <InputBase
          size={size}
          w={w}
          label={withLabel ? label : undefined}
          aria-label={label}
          disabled={disabled}
          data-pending={pending || undefined}
          data-switcher={kind}
          leftSection={icon}
          rightSection={
            pending || (opened && searching) ? <Loader size="xs" aria-hidden /> : <Combobox.Chevron />
          }
          rightSectionPointerEvents="none"
          value={typed ?? valueLabel ?? ''}
          placeholder={opened ? t('shell.switchers.search') : t('shell.switchers.choose')}
          autoComplete="off"
          onClick={(event) => {
            combobox.openDropdown();
            if (typed === null) event.currentTarget.select();
          }}
          onFocus={(event) => {
            if (typed === null) event.currentTarget.select();
          }}
          onBlur={() => combobox.closeDropdown()}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={label}>
          {options}
          {status}
          {query.hasNextPage && (
            <Combobox.Option value={MORE} key={MORE} disabled={query.isFetchingNextPage}>
              <Group gap="xs" wrap="nowrap">
                {query.isFetchingNextPage && <Loader size="xs" aria-hidden />}
                <Text size="sm" c="blue" fw={500}>
                  {t('shell.switchers.showMore')}
                </Text>
              </Group>
            </Combobox.Option>
          )}
        </Combobox.Options>
        {items.length > 0 && items.length < total && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed" aria-live="polite">
              {t(isCapped ? 'shell.switchers.moreThanCapped' : 'shell.switchers.more', {
                shown: number(items.length),
                total: number(isCapped ? COUNT_CAP : total),
              })}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

provideDeferred('switch-picker', SwitchPicker);
