import { Box, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from './states';
import { translateMessage } from './translate';

/** Width of the side panel (spec section 9). */
export const SIDE_PANEL_WIDTH = 760;

export interface SidePanelProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Unsaved changes: closing first asks for confirmation. Pass `form.formState.isDirty`. */
  isDirty?: boolean;
  /** Shows 'Een moment geduld' instead of the content. */
  isLoading?: boolean;
  /** Buttons at the bottom (save, cancel). */
  footer?: ReactNode;
  /** Translation keys or text of the close confirmation. */
  confirmTitle?: string;
  confirmMessage?: string;
  children?: ReactNode;
}

/**
 * A panel sliding in from the right. Closing it (close icon, Escape, overlay) with unsaved changes shows a
 * confirmation step inside the panel; the content stays mounted meanwhile, so cancelling keeps the edits.
 */
export function SidePanel({
  opened,
  onClose,
  title,
  subtitle,
  isDirty = false,
  isLoading = false,
  footer,
  confirmTitle,
  confirmMessage,
  children,
}: SidePanelProps) {
  const { t } = useTranslation();
  const [isConfirming, setConfirming] = useState(false);
  const confirmTitleId = useId();
  const confirmMessageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isConfirming) cancelRef.current?.focus();
  }, [isConfirming]);

  useEffect(() => {
    if (!opened) setConfirming(false);
  }, [opened]);

  const requestClose = () => {
    if (isConfirming) return;
    if (isDirty) setConfirming(true);
    else onClose();
  };

  return (
    <Drawer.Root
      opened={opened}
      onClose={requestClose}
      position="right"
      size={SIDE_PANEL_WIDTH}
      transitionProps={{ duration: 300 }}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header>
          <Stack gap={2}>
            <Drawer.Title fw={700} fz="lg">
              {title}
            </Drawer.Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          <Drawer.CloseButton aria-label={t('ui.sidePanel.close')} />
        </Drawer.Header>
        <Drawer.Body>
          {isConfirming && (
            <Paper
              withBorder
              p="lg"
              role="alertdialog"
              aria-labelledby={confirmTitleId}
              aria-describedby={confirmMessageId}
            >
              <Stack gap="md">
                <Text fw={700} id={confirmTitleId}>
                  {translateMessage(t, confirmTitle ?? 'ui.sidePanel.unsavedTitle')}
                </Text>
                <Text size="sm" id={confirmMessageId}>
                  {translateMessage(t, confirmMessage ?? 'ui.sidePanel.unsavedMessage')}
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" ref={cancelRef} onClick={() => setConfirming(false)}>
                    {t('ui.actions.cancel')}
                  </Button>
                  <Button
                    color="red"
                    onClick={() => {
                      setConfirming(false);
                      onClose();
                    }}
                  >
                    {t('ui.actions.confirm')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
          <Box hidden={isConfirming}>
            {isLoading ? <LoadingState /> : children}
            {footer && !isLoading && (
              <Group justify="flex-end" mt="xl">
                {footer}
              </Group>
            )}
          </Box>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
