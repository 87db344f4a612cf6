import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markModalsReady } from '@/ui/overlays';
import { TOAST_AUTO_CLOSE_MS } from '@/ui/toasts';

/**
 * The toasts and the imperative modals (`openConfirm`), loaded after the first screen: a page shows
 * without them (and without the modal and scroll code they need). A toast shown before they are in waits
 * in the notifications store; `openConfirm` waits for `modalsReady`.
 */
export default function OverlayHosts() {
  return (
    <>
      <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />
      <ModalsProvider />
      <ModalsReady />
    </>
  );
}

/** After the provider's own effects (its window listeners), as a later sibling's effects run after it. */
function ModalsReady() {
  useEffect(() => markModalsReady(), []);
  return null;
}
