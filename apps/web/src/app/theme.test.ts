import { DEFAULT_THEME, getPrimaryShade, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const variables: Record<string, string | undefined> = cssVariablesResolver(merged).light;

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour variable of the theme (`var(--mantine-color-red-8)` or a literal) as #rrggbb. */
function resolve(value: string | undefined): string {
  const shade = value?.match(/^var\(--mantine-color-([a-z]+)-(\d)\)$/);
  if (shade) return merged.colors[shade[1] as string]?.[Number(shade[2])] as string;
  return value as string;
}

const WHITE = '#ffffff';
const AA = 4.5;
const shade = getPrimaryShade(merged, 'light');
const colours = Object.keys(merged.colors).filter((name) => name !== 'dark');
const lightGreys = [WHITE, merged.colors.gray[0], merged.colors.gray[1]];

describe('the theme passes WCAG AA contrast (4.5:1) for text', () => {
  it.each(colours)('%s: white on filled and on its hover, light variant text, coloured text', (name) => {
    const palette = merged.colors[name] as readonly string[];
    const filled = palette[shade] as string;
    const hover = palette[shade === 9 ? 8 : shade + 1] as string;
    expect(contrast(WHITE, filled)).toBeGreaterThanOrEqual(AA);
    expect(contrast(WHITE, hover)).toBeGreaterThanOrEqual(AA);
    // Light variant (badges, light buttons, active nav links): shade 9 on shade 1, on hover shade 2.
    expect(contrast(palette[9] as string, palette[1] as string)).toBeGreaterThanOrEqual(AA);
    expect(contrast(palette[9] as string, palette[2] as string)).toBeGreaterThanOrEqual(AA);
  });

  it.each([
    ['dimmed', '--mantine-color-dimmed'],
    ['placeholder', '--mantine-color-placeholder'],
    ['link', '--mantine-color-anchor'],
    ['error', '--mantine-color-error'],
  ])('%s text on white and light greys', (_, variable) => {
    const colour = resolve(variables[variable]);
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    for (const background of lightGreys) {
      expect(contrast(colour, background)).toBeGreaterThanOrEqual(AA);
    }
  });
});
