import { Badge, Button, Checkbox, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ApiError, GymRight, LocationRight } from '@xp/contracts';
import { gymRights, locationRights } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/ui/states';

export type RightKind = 'gym' | 'location';
const rightsOf = { gym: gymRights, location: locationRights } as const;

/** The translated name of a right ('Abonnementen beheren'). */
export function useRightLabel() {
  const { t } = useTranslation();
  return (kind: RightKind, right: string, variant: 'label' | 'short' | 'description' = 'label') =>
    t(`rights.${kind}.${right}.${variant}`);
}

interface RightsChecklistProps {
  kind: RightKind;
  value: readonly string[];
  onChange: (rights: string[]) => void;
  /** Accessible name of the group of checkboxes. */
  label: string;
  isDisabled?: boolean;
  /** A note under a right's description, e.g. 'ook via Receptie'. */
  notes?: Partial<Record<GymRight | LocationRight, string>>;
  error?: string;
  /** Only for screen readers, when a heading right above says the same. */
  isLabelHidden?: boolean;
}

/** Every right of its kind as a checkbox with its name and a short description, in the spec's order. */
export function RightsChecklist({
  kind,
  value,
  onChange,
  label,
  isDisabled,
  notes,
  error,
  isLabelHidden,
}: RightsChecklistProps) {
  const rightLabel = useRightLabel();
  return (
    <Checkbox.Group
      value={[...value]}
      onChange={onChange}
      label={isLabelHidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
      error={error}
      readOnly={isDisabled}
    >
      <Stack gap="sm" mt="xs">
        {rightsOf[kind].map((right) => (
          <Checkbox
            key={right}
            value={right}
            disabled={isDisabled}
            label={rightLabel(kind, right)}
            description={
              <>
                {rightLabel(kind, right, 'description')}
                {notes?.[right] && (
                  <Text component="span" size="xs" c="blue.7" fw={600} ml={6}>
                    ({notes[right]})
                  </Text>
                )}
              </>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** Rights as small badges, in the spec's order. */
export function RightBadges({
  kind,
  rights,
  empty,
}: {
  kind: RightKind;
  rights: readonly string[];
  empty?: string;
}) {
  const rightLabel = useRightLabel();
  const held = rightsOf[kind].filter((right) => rights.includes(right));
  if (held.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {held.map((right) => (
        <Badge key={right} variant="light" radius="sm" tt="none" fw={500}>
          {rightLabel(kind, right)}
        </Badge>
      ))}
    </Group>
  );
}

/** A column header of a rights matrix: the short name, the full name and description on hover or focus. */
export function RightHeader({ kind, right }: { kind: RightKind; right: string }) {
  const rightLabel = useRightLabel();
  return (
    <Tooltip
      label={`${rightLabel(kind, right)}: ${rightLabel(kind, right, 'description')}`}
      multiline
      w={260}
      withArrow
    >
      <Text size="xs" fw={700} ta="center" tabIndex={0} style={{ cursor: 'help' }}>
        {rightLabel(kind, right, 'short')}
      </Text>
    </Tooltip>
  );
}

/** The heading of a screen inside the settings tabs (the tabs' page has the h1). */
export function SectionHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap={4} mb="md">
      <Title order={2} fz="h3">
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}

/** An employee's rights that cannot be shown: not found (a bad id or 404), or not loaded (with a retry). */
export function EmployeeRightsError({
  isInvalidId,
  error,
  onRetry,
}: {
  isInvalidId: boolean;
  error: { status: number; errors: ApiError[] } | null;
  onRetry: () => void;
}) {
  return (
    <ErrorState
      message={
        isInvalidId
          ? 'rights.errors.employeeNotFound'
          : (error?.errors[0]?.message ?? 'rights.employee.fetchFailed')
      }
      onRetry={isInvalidId || error?.status === 404 ? undefined : onRetry}
    />
  );
}

/** The 'Opslaan' of a rights page's header; it submits the page's form. */
export function SaveRightsButton({ isSubmitting, disabled }: { isSubmitting: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      loading={isSubmitting}
      disabled={disabled}
      leftSection={<IconDeviceFloppy size={16} aria-hidden />}
    >
      {t('actions.save')}
    </Button>
  );
}
