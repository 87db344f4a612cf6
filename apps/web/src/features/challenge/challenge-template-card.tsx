import { Badge, Center, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import {
  type ChallengeSpanTemplate,
  type ChallengeTemplateSummary,
  minimumChallengeDays,
} from '@xp/contracts';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { Facts } from '@/ui/facts';

/** XP with a thousands separator (spec: formats). */
export const formatXp = (amount: number) => amount.toLocaleString('nl-NL');

/** The theme's own colour, so a theme reads the same in the list, the picker and the summary. */
export const themeColors: Readonly<Record<number, string>> = { 0: 'teal', 1: 'orange', 2: 'grape' };

/** A theme as a badge, with the label of the template area (`challengeTemplate.theme.*`). */
export function ThemeBadge({ theme }: { theme: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={themeColors[theme] ?? 'gray'} size="sm" style={{ flexShrink: 0 }}>
      {t(`challengeTemplate.theme.${theme}`)}
    </Badge>
  );
}

interface BannerProps {
  hash: string | null;
  width: number;
  height: number;
}

/** A template's banner, cropped to `width` x `height` (a trophy when it has none); decorative. */
export function ChallengeBanner({ hash, width, height }: BannerProps) {
  if (!hash) {
    return (
      <Center
        w={width}
        h={height}
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: 6, flexShrink: 0 }}
      >
        <ThemeIcon variant="transparent" color="gray" aria-hidden>
          <IconTrophy size={Math.min(24, height - 8)} />
        </ThemeIcon>
      </Center>
    );
  }
  return (
    <Image
      src={cdnUrl(hash, { w: width * 2, h: height * 2, fit: 'crop' })}
      alt=""
      w={width}
      h={height}
      fit="cover"
      radius={6}
      loading="lazy"
      style={{ flexShrink: 0 }}
    />
  );
}

/**
 * In how many periods a template is completed, e.g. '3 weken', and the fewest days an active period must
 * last for it (completion amount x days per period: the span rule of spec 000 section 5).
 */
export function useCompletionRule(template: ChallengeSpanTemplate) {
  const { t } = useTranslation();
  const rule = t(`challenge.completionPeriod.${template.completionPeriod}`, {
    count: template.completionAmount,
  });
  const minimumDays = minimumChallengeDays(template);
  return { rule, minimumDays, minimumText: t('challenge.form.minimumDays', { count: minimumDays }) };
}

interface TemplateSummaryProps {
  /** The template as the challenge copies it (or the part of it the summary shows). */
  template: ChallengeTemplateSummary;
  /** Next to the name, e.g. a button to pick another template. */
  action?: ReactNode;
}

/**
 * The template a challenge is made from: banner, name, theme, what to do and how it is completed, so that
 * the minimum length of the active period makes sense.
 */
export function TemplateSummary({ template, action }: TemplateSummaryProps) {
  const { t } = useTranslation();
  const { rule, minimumText } = useCompletionRule(template);
  return (
    <Paper withBorder radius="md" p="sm" aria-label={t('challenge.form.templateSummary')} component="section">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ChallengeBanner hash={template.challengeBannerHash} width={96} height={48} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
              <Text fw={700} lineClamp={2}>
                {template.name}
              </Text>
              {action}
            </Group>
            <Group gap="xs">
              <ThemeBadge theme={template.theme} />
              <Text size="xs" c="dimmed">
                {t(`challengeTemplate.difficulty.${template.difficulty}`)}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {template.description}
        </Text>
        <Facts
          layout="stacked"
          cols={{ base: 1, xs: 3 }}
          rows={[
            [t('challengeTemplate.fields.activity'), t(`challengeTemplate.activity.${template.activity}`)],
            [
              t('challenge.form.goal'),
              t('challenge.form.goalValue', {
                amount: formatXp(template.measurementAmount),
                // '10.000 stappen': the unit's label in running text.
                unit: t(`challengeTemplate.measurementUnit.${template.measurementUnit}`).toLocaleLowerCase(),
              }),
            ],
            [
              t('challenge.form.completion'),
              <Fragment key="completion">
                {rule}
                <Text span size="xs" c="dimmed" display="block">
                  {minimumText}
                </Text>
              </Fragment>,
            ],
          ]}
        />
      </Stack>
    </Paper>
  );
}
