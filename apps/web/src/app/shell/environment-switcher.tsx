import { Select, type SelectProps } from '@mantine/core';
import type { Claims, Environment } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { provideDeferred } from '@/ui/deferred';
import { environmentLabelKey } from '../environments';
import { environmentChoices } from './switcher-rules';

export interface EnvironmentSwitcherProps {
  claims: Claims;
  props: Partial<SelectProps>;
  onSwitch: (environment: Environment) => void;
}

/** The active environment is shown even when it is not one to switch to (Location, TipsAndTricks). */
export function EnvironmentSwitcher({ claims, props, onSwitch }: EnvironmentSwitcherProps) {
  const { t } = useTranslation();
  const choices: number[] = environmentChoices(claims);
  const active = claims.activeEnvironment;
  const shown = choices.includes(active) ? choices : [active, ...choices];
  return (
    <Select
      {...props}
      data={shown.map((environment) => ({
        value: String(environment),
        label: t(environmentLabelKey(environment)),
        disabled: !choices.includes(environment),
      }))}
      value={String(active)}
      onChange={(value) => value !== null && onSwitch(Number(value) as Environment)}
    />
  );
}

provideDeferred('environment-switcher', EnvironmentSwitcher);
