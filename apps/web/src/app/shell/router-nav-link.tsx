import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type NavLinkAnchorProps = NavLinkProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof NavLinkProps> & { ref?: Ref<HTMLAnchorElement> };

function NavLinkAnchor(props: NavLinkAnchorProps) {
  return <NavLink component="a" {...props} />;
}

const CreatedNavLink = createLink(NavLinkAnchor);

/** Mantine's NavLink with the router's typed `to`, preloading on intent and active styles. */
export const RouterNavLink: LinkComponent<typeof NavLinkAnchor> = (props) => (
  <CreatedNavLink preload="intent" activeProps={{ active: true }} {...props} />
);
