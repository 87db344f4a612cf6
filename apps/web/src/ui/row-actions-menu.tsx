import { type MantineColor, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { provideDeferred } from './deferred';
import { RowActionsButton } from './row-actions-button';

export interface RowActionsMenuProps {
  /** The button's accessible name ('Acties voor …'). */
  label: string;
  items: {
    key: string;
    label: string;
    icon?: ReactNode;
    color?: MantineColor | undefined;
    disabled?: boolean | undefined;
    onClick: () => void;
  }[];
}

/** A row's actions as a menu (`generic-list.tsx` shows its button until this module is in). */
export function RowActionsMenu({ label, items }: RowActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <RowActionsButton aria-label={label} />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.key}
            leftSection={item.icon}
            color={item.color}
            disabled={item.disabled}
            onClick={item.onClick}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

provideDeferred('row-actions-menu', RowActionsMenu);
