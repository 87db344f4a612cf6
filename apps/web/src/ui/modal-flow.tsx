import {
  Box,
  Button,
  Group,
  Loader,
  LoadingOverlay,
  Modal,
  Stack,
  Text,
  ThemeIcon,
  Transition,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { createContext, use, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from './modal-sizes';
import { LoadingState } from './states';
import { translateMessage } from './translate';

export { MODAL_SIZES, MODAL_TRANSITION_MS };

export type ModalFlowStep = 'form' | 'saving' | 'success';

export interface ModalFlowApi {
  step: ModalFlowStep;
  /**
   * Runs the save: shows 'saving', then the success view. When `action` returns `false` (for example after
   * `applyServerErrors`) or throws, the form is shown again; a thrown error is re-thrown. Resolves to
   * whether the save succeeded.
   */
  save: (action: () => unknown) => Promise<boolean>;
}

const ModalFlowContext = createContext<ModalFlowApi | null>(null);

/** The flow of the enclosing `ModalFlow`, for forms rendered inside it. */
export function useModalFlow(): ModalFlowApi {
  const flow = use(ModalFlowContext);
  if (!flow) throw new Error('useModalFlow must be used inside a ModalFlow');
  return flow;
}

export interface ModalFlowProps {
  opened: boolean;
  /** Called when the modal closes (close icon, Escape, or the close button of the success view). */
  onClose: () => void;
  title: ReactNode;
  /** 480 px (default) or 720 px. */
  size?: keyof typeof MODAL_SIZES;
  /** Translation key or text of the success view. */
  successMessage: string;
  successTitle?: string;
  /** After a successful save, when the modal closes: refresh the list. */
  onDone?: () => void;
  /** Shows 'Een moment geduld' instead of the form (data still loading). */
  isLoading?: boolean;
  children: ReactNode | ((flow: ModalFlowApi) => ReactNode);
}

/** A modal going through form -> saving -> success -> close and refresh. */
export function ModalFlow({
  opened,
  onClose,
  title,
  size = 'default',
  successMessage,
  successTitle,
  onDone,
  isLoading = false,
  children,
}: ModalFlowProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<ModalFlowStep>('form');
  const stepRef = useRef(step);
  stepRef.current = step;

  useEffect(() => {
    if (opened) setStep('form');
  }, [opened]);

  const save = async (action: () => unknown) => {
    setStep('saving');
    try {
      const result = await action();
      if (result === false) {
        setStep('form');
        return false;
      }
      setStep('success');
      return true;
    } catch (error) {
      setStep('form');
      throw error;
    }
  };
  const flow: ModalFlowApi = { step, save };

  const close = () => {
    if (stepRef.current === 'saving') return;
    const wasSuccess = stepRef.current === 'success';
    onClose();
    if (wasSuccess) onDone?.();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={MODAL_SIZES[size]}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeOnClickOutside={step !== 'saving'}
      closeOnEscape={step !== 'saving'}
      closeButtonProps={{ 'aria-label': t('ui.modal.close'), disabled: step === 'saving' }}
    >
      {isLoading ? (
        <LoadingState />
      ) : step === 'success' ? (
        <FadeIn>
          <Stack align="center" gap="md" py="md" role="status">
            <ThemeIcon color="green" size={48} radius="xl" aria-hidden>
              <IconCheck size={28} />
            </ThemeIcon>
            {successTitle && <Text fw={700}>{translateMessage(t, successTitle)}</Text>}
            <Text ta="center">{translateMessage(t, successMessage)}</Text>
            <Group justify="center">
              <Button onClick={close}>{t('ui.modal.close')}</Button>
            </Group>
          </Stack>
        </FadeIn>
      ) : (
        <Box pos="relative" aria-busy={step === 'saving'}>
          <LoadingOverlay
            visible={step === 'saving'}
            zIndex={10}
            overlayProps={{ blur: 1 }}
            transitionProps={{ duration: MODAL_TRANSITION_MS }}
            loaderProps={{
              children: (
                <Stack align="center" gap="xs" role="status">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">{t('ui.modal.saving')}</Text>
                </Stack>
              ),
            }}
          />
          <ModalFlowContext value={flow}>
            {typeof children === 'function' ? children(flow) : children}
          </ModalFlowContext>
        </Box>
      )}
    </Modal>
  );
}

function FadeIn({ children }: { children: ReactNode }) {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Transition mounted={isMounted} transition="fade" duration={MODAL_TRANSITION_MS}>
      {(style) => <div style={style}>{children}</div>}
    </Transition>
  );
}
