import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '@/ui/lazy-modal';
import type { LinkMember } from './registration-link';

// The modal (and `qrcode`) loads when first opened.
const RegistrationLinkModal = lazy(() =>
  import('./registration-link').then((module) => ({ default: module.RegistrationLinkModal })),
);

/**
 * 'Link voor afronden' on a screen: `open(member)` shows the modal with the member's link and its QR code;
 * `modal` is put anywhere on the screen.
 */
export function useRegistrationLinkModal() {
  const [shown, setShown] = useState<{ member: LinkMember | null; opened: boolean }>({
    member: null,
    opened: false,
  });
  const isMounted = useOpenedOnce(shown.opened);
  const modal = isMounted ? (
    <Suspense fallback={null}>
      <RegistrationLinkModal
        member={shown.member}
        opened={shown.opened}
        onClose={() => setShown((current) => ({ ...current, opened: false }))}
      />
    </Suspense>
  ) : null;
  return { open: (member: LinkMember) => setShown({ member, opened: true }), modal };
}
