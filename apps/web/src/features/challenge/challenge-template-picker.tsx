import {
  Box,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import type { PopularChallengeTemplate } from '@xp/contracts';
import { Theme } from '@xp/contracts/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import { ListPagination } from '@/ui/list-pagination';
import { EmptyState, ErrorState } from '@/ui/states';
import { usePopularTemplates } from './api';
import { ChallengeBanner, formatXp, ThemeBadge, useCompletionRule } from './challenge-template-card';

/** Rows per page of the picker: what fits the large modal without scrolling. */
export const PICKER_PAGE_SIZE = 6;

function TemplateRow({
  template,
  onPick,
}: {
  template: PopularChallengeTemplate;
  onPick: (template: PopularChallengeTemplate) => void;
}) {
  const { t } = useTranslation();
  const { rule } = useCompletionRule(template);
  return (
    <UnstyledButton
      onClick={() => onPick(template)}
      className="challenge-template-option"
      aria-label={t('challenge.picker.pick', { name: template.name })}
      p="xs"
      style={{
        display: 'block',
        width: '100%',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <ChallengeBanner hash={template.challengeBannerHash} width={112} height={56} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" truncate="end">
              {template.name}
            </Text>
            <ThemeBadge theme={template.theme} />
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {[
              t('challenge.picker.completion', { period: rule }),
              t('challenge.picker.reward', { xp: formatXp(template.entreoPointsReward) }),
              template.challengeCount > 0
                ? t('challenge.picker.used', { count: template.challengeCount })
                : t('challenge.picker.neverUsed'),
            ].join(' · ')}
          </Text>
        </Stack>
        <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}

interface TemplatePickerProps {
  onPick: (template: PopularChallengeTemplate) => void;
}

/**
 * Step one of a new challenge: the active, published templates, the most used first; searched on the name,
 * filtered by theme. Each row is a button: Tab moves between them, Enter or Space picks.
 */
export function ChallengeTemplatePicker({ onPick }: TemplatePickerProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [theme, setTheme] = useState<string>('all');
  const [page, setPage] = useState(1);
  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
  }, SEARCH_DEBOUNCE_MS);

  // Paging keeps the total of the search and theme (asked with `counts=false`); the picker asks it anew
  // each time it opens.
  const counts = useListCounts({
    page,
    pageSize: PICKER_PAGE_SIZE,
    direction: 'asc',
    ...(search ? { search } : {}),
    tab: theme,
  });
  const query = usePopularTemplates({
    page,
    pageSize: PICKER_PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(theme !== 'all' ? { theme: Number(theme) } : {}),
    ...counts.countsQuery,
  });
  const total = counts.withCounts(query.data, query.isPlaceholderData)?.total ?? 0;
  const items = query.data?.items ?? [];
  const isFiltered = search !== '' || theme !== 'all';

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('challenge.picker.intro')}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          aria-label={t('challenge.picker.search')}
          placeholder={t('challenge.picker.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          style={{ flex: 1, minWidth: 200 }}
          data-autofocus
        />
        <SegmentedControl
          aria-label={t('challengeTemplate.fields.theme')}
          value={theme}
          onChange={(value) => {
            setTheme(value);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('challenge.picker.allThemes') },
            ...Object.values(Theme).map((value) => ({
              value: String(value),
              label: t(`challengeTemplate.theme.${value}`),
            })),
          ]}
        />
      </Group>
      {query.isError ? (
        <ErrorState message="challenge.picker.fetchFailed" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="xs" aria-busy>
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <Skeleton key={index} height={74} radius="md" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState
          title="challenge.picker.emptyTitle"
          message={isFiltered ? 'challenge.picker.emptyFiltered' : 'challenge.picker.empty'}
        />
      ) : (
        <Box
          component="ul"
          aria-label={t('challenge.picker.title')}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          <Stack gap="xs">
            {items.map((template) => (
              <li key={template.id}>
                <TemplateRow template={template} onPick={onPick} />
              </li>
            ))}
          </Stack>
        </Box>
      )}
      {!query.isPending && total > PICKER_PAGE_SIZE && (
        <ListPagination page={page} pageSize={PICKER_PAGE_SIZE} total={total} onPageChange={setPage} />
      )}
    </Stack>
  );
}
