import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { MemberListItem } from '@xp/contracts';
import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { OptionWithDetail } from '@/ui/inputs/option-with-detail';
import { type FormFieldProps, useFieldInput } from '@/ui/inputs/use-form-field';
import { useMemberOptions } from './api';

/** The second line of an option: what tells two members of the same name apart. */
const detailOf = (member: MemberListItem) =>
  [member.email, [member.postalCode, member.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

type MemberFieldProps<T extends FieldValues, N extends FieldPath<T>, TOutput> = FormFieldProps<
  T,
  N,
  TOutput
> & {
  label: string;
  'data-autofocus'?: boolean;
};

/**
 * 'Lid': one of the active location's members, searched by name on the server (`GET /Member?search=`) as the
 * person types; the field holds the member's id.
 */
export function MemberField<T extends FieldValues, N extends FieldPath<T>, TOutput = T>(
  props: MemberFieldProps<T, N, TOutput>,
) {
  const { t } = useTranslation();
  const { field, inputProps } = useFieldInput(props);
  const [search, setSearch] = useState('');
  /** The chosen member, kept when a new search no longer lists them. */
  const [chosen, setChosen] = useState<MemberListItem | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Choosing a member puts their name in the box: that is no new search.
  const query = debounced === chosen?.fullName ? '' : debounced;
  const members = useMemberOptions(query);

  const found = new Map<string, MemberListItem>();
  if (chosen) found.set(String(chosen.id), chosen);
  for (const member of members.data?.items ?? []) found.set(String(member.id), member);
  const value = field.value === undefined || field.value === null ? null : String(field.value);

  return (
    <Select
      {...inputProps}
      placeholder={t('entry.form.memberPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('entry.form.clearMember') }}
      data={[...found.values()].map((member) => ({ value: String(member.id), label: member.fullName }))}
      // The server searches; show what it found.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={(id) => {
        setChosen(id ? (found.get(id) ?? null) : null);
        field.onChange(id ? Number(id) : undefined);
      }}
      renderOption={({ option }) => {
        const member = found.get(option.value);
        return <OptionWithDetail label={option.label} detail={member ? detailOf(member) : ''} />;
      }}
      nothingFoundMessage={
        members.isFetching
          ? t('ui.loading')
          : members.isError
            ? t('entry.form.memberSearchFailed')
            : t(query ? 'entry.form.memberNothingFound' : 'entry.form.memberSearchHint')
      }
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
    />
  );
}
