import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorAttributes<P> = P &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof P> & { ref?: Ref<HTMLAnchorElement> };

function ButtonAnchor(props: AnchorAttributes<ButtonProps>) {
  return <Button component="a" {...props} />;
}

function TextAnchor(props: AnchorAttributes<AnchorProps>) {
  return <Anchor component="a" {...props} />;
}

const CreatedButtonLink = createLink(ButtonAnchor);
const CreatedAnchorLink = createLink(TextAnchor);

/** Mantine's Button as a link with the router's typed `to` and `params`. */
export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);

/** Mantine's Anchor with the router's typed `to` and `params`. */
export const AnchorLink: LinkComponent<typeof TextAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
