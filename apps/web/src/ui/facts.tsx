import { Box, Group, SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact: a label and its value; an object when the fact needs a key, the whole width or a test id. */
export type Fact =
  | readonly [label: string, value: ReactNode]
  | { label: string; value: ReactNode; key?: string; wide?: boolean; testId?: string };

interface FactsProps {
  /** The facts in order; `null`, `false` and `undefined` are left out (`cond && [label, value]`). */
  rows: readonly (Fact | null | false | undefined)[];
  /**
   * `columns` (default): labels in a column beside the values, for a summary or detail section.
   * `spread`: label on the left, value on the right (bold), the value under the label when a phone is too
   * narrow; for the public pages. `stacked`: the label above the value, the facts side by side in `cols`.
   */
  layout?: 'columns' | 'spread' | 'stacked';
  /** Columns of the `stacked` layout. */
  cols?: SimpleGridProps['cols'];
}

interface Shown {
  key: string;
  label: string;
  value: ReactNode;
  wide?: boolean;
  testId?: string;
}

const shown = (fact: Fact): Shown =>
  'label' in fact
    ? { ...fact, key: fact.key ?? fact.label }
    : { key: fact[0], label: fact[0], value: fact[1] };

/** Label-value pairs as a description list (`<dl>`): a record's facts in a summary, a panel or a public page. */
export function Facts({ rows, layout = 'columns', cols = { base: 1, sm: 2 } }: FactsProps) {
  const facts = rows.filter((row): row is Fact => Boolean(row)).map(shown);
  if (layout === 'spread')
    return (
      <Stack component="dl" gap="xs" m={0}>
        {facts.map((fact) => (
          <Group key={fact.key} component="div" justify="space-between" gap={4} wrap="wrap" align="baseline">
            <Text component="dt" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" m={0} fw={500} ta="right" data-testid={fact.testId}>
              {fact.value}
            </Text>
          </Group>
        ))}
      </Stack>
    );
  if (layout === 'stacked')
    return (
      <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="xs" m={0}>
        {facts.map((fact) => (
          <div key={fact.key} style={fact.wide ? { gridColumn: '1 / -1' } : undefined}>
            <Text component="dt" size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }} data-testid={fact.testId}>
              {fact.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    );
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(140px, 40%) 1fr', gap: '6px 16px' }}
    >
      {facts.map((fact) => (
        <Box key={fact.key} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }} data-testid={fact.testId}>
            {fact.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
