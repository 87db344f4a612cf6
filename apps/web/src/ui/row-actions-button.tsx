import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** A row's actions button (three dots): the same before and after its menu is in. */
export function RowActionsButton(props: ActionIconProps & ComponentPropsWithRef<'button'>) {
  return (
    <ActionIcon variant="subtle" color="gray" {...props}>
      <IconDots size={18} />
    </ActionIcon>
  );
}
