import { Box, Group, Pagination, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { pageCount, pageRange, resultRange } from './pagination';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The total is a cap ("more than 10.000"): the server stopped counting there. */
  isTotalCapped?: boolean | undefined;
  onPageChange: (page: number) => void;
}

/** Wide screens show 2 neighbours of the current page, small screens 1 (spec section 9). */
export const WIDE_SCREEN_QUERY = '(min-width: 48em)';

/** Caption 'Resultaten: a - b van total' and the page buttons with first, last, neighbours and '...'. */
export function ListPagination({ page, pageSize, total, isTotalCapped, onPageChange }: ListPaginationProps) {
  const { t, i18n } = useTranslation();
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const pages = pageCount(total, pageSize);
  const current = Math.min(page, pages);
  const items = pageRange(current, pages, isWide ? 2 : 1);
  const { from, to } = resultRange(current, pageSize, total);

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {isTotalCapped
          ? t('ui.list.captionCapped', { from, to, total: total.toLocaleString(i18n.language) })
          : t('ui.list.caption', { from, to, total })}
      </Text>
      {pages > 1 && (
        <Pagination.Root total={pages} value={current} onChange={onPageChange}>
          <Group component="nav" gap={4} aria-label={t('ui.list.pagination')}>
            <Pagination.Previous aria-label={t('ui.list.previousPage')} />
            {items.map((item, index) =>
              item === 'dots' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, identified by position
                <Box key={`dots-${index}`} component="span" px={4} c="dimmed">
                  ...
                </Box>
              ) : (
                <Pagination.Control
                  key={item}
                  active={item === current}
                  aria-current={item === current ? 'page' : undefined}
                  aria-label={t('ui.list.page', { page: item })}
                  onClick={() => onPageChange(item)}
                >
                  {item}
                </Pagination.Control>
              ),
            )}
            <Pagination.Next aria-label={t('ui.list.nextPage')} />
          </Group>
        </Pagination.Root>
      )}
    </Group>
  );
}
