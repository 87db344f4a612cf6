import { Button, Group } from '@mantine/core';
import { IconCalendarDown } from '@tabler/icons-react';
import { dutchToday } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { rangeOf } from './api';
import { DayInput } from './day-field';
import type { EntryListState } from './search';

interface EntryRangeProps {
  state: EntryListState;
  onStateChange: (state: EntryListState) => void;
}

/** 'Van' and 'Tot en met': the days whose entries the lists show (today when not chosen), and back to 'Vandaag'. */
export function EntryRange({ state, onStateChange }: EntryRangeProps) {
  const { t } = useTranslation();
  const { from, to } = rangeOf(state);
  const today = dutchToday();
  const change = (patch: Partial<EntryListState>) => onStateChange({ ...state, ...patch, page: 1 });
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={t('entry.range.label')}>
      <DayInput
        label={t('entry.range.from')}
        value={from}
        maxDay={to}
        onChange={(day) => day && change({ from: day })}
        w={170}
      />
      <DayInput
        label={t('entry.range.to')}
        value={to}
        minDay={from}
        onChange={(day) => day && change({ to: day })}
        w={170}
      />
      {(from !== today || to !== today) && (
        <Button
          variant="subtle"
          leftSection={<IconCalendarDown size={16} aria-hidden />}
          onClick={() => change({ from: undefined, to: undefined })}
        >
          {t('entry.range.today')}
        </Button>
      )}
    </Group>
  );
}
