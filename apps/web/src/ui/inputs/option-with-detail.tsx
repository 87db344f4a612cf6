import { Stack, Text } from '@mantine/core';

/** An option of a searched select: its label, and under it a dimmed line that tells two alike apart. */
export function OptionWithDetail({ label, detail }: { label: string; detail?: string | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{label}</Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}
