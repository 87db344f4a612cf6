import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/**
 * Props for an anchor to a path known only at run time (a home path, a redirect): a real link for the
 * keyboard, middle click and screen readers; a router navigation on a plain click.
 */
export function useInAppLink(href: string) {
  const router = useRouter();
  return {
    href,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      event.preventDefault();
      void router.navigate({ href });
    },
  };
}
