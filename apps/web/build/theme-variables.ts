import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/app/theme';

const ID = 'virtual:theme-variables.css';
const RESOLVED = `\0${ID}`;

/**
 * The theme's CSS variables as a style sheet made at build time (decision 010, 2026-11-29): MantineProvider
 * otherwise computes them while it renders the first screen (all of Mantine's defaults twice, to leave
 * them out: ~30 ms on a loaded machine) and puts them in a `<style>`. The entries import
 * `virtual:theme-variables.css` and set `withCssVariables={false}`. Made by Mantine's own functions from
 * the same `theme` and `cssVariablesResolver` (src/app/theme.ts), as MantineProvider does.
 */
export function themeVariablesCss(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(full), cssVariablesResolver(full));
  const colorScheme = convertCssVariables(
    {
      variables: {},
      dark: { '--mantine-color-scheme': 'dark' },
      light: { '--mantine-color-scheme': 'light' },
    },
    ':root',
  );
  return `${convertCssVariables(variables, ':root')}${colorScheme}`;
}

export function themeVariables(): Plugin {
  return {
    name: 'xp-theme-variables',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? themeVariablesCss() : null),
  };
}
