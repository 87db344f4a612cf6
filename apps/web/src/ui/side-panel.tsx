import { Box, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
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

export interface SidePanelFormProps extends Omit<SidePanelProps, 'footer' | 'isDirty'> {
  /** The form's submit handler (`form.handleSubmit(...)`). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** `form.formState`: unsaved changes ask before closing; the button spins while the form submits. */
  formState: { isDirty: boolean; isSubmitting: boolean };
  /** The submit label of something new (translation key or text); without it 'Opslaan' with a save icon. */
  addLabel?: string;
  /** The form's accessible name; by default the title. */
  formLabel?: string;
}

/** A side panel holding one form, with its submit button at the bottom. */
export function SidePanelForm({
  onSubmit,
  formState,
  addLabel,
  formLabel,
  children,
  ...panel
}: SidePanelFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <SidePanel
      {...panel}
      isDirty={formState.isDirty}
      footer={
        <Button
          type="submit"
          form={formId}
          loading={formState.isSubmitting}
          leftSection={addLabel ? undefined : <IconDeviceFloppy size={16} aria-hidden />}
        >
          {addLabel ? translateMessage(t, addLabel) : t('ui.actions.save')}
        </Button>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={formLabel ?? (typeof panel.title === 'string' ? panel.title : undefined)}
      >
        {children}
      </form>
    </SidePanel>
  );
}
