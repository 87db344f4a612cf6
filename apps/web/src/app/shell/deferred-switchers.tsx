import { ComboboxChevron, InputBase, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deferred } from '@/ui/deferred';
import { environmentLabelKey } from '../environments';
import type { EnvironmentSwitcherProps } from './environment-switcher';
import type { SwitchPickerProps } from './switch-picker';

/**
 * The switchers' comboboxes (Select, Combobox, Popover, floating-ui) load right after the first paint
 * (`ui/deferred`); until then each shows as the same input with the active one's name, read-only.
 */
export const EnvironmentSwitcher = deferred<EnvironmentSwitcherProps>(
  'environment-switcher',
  () => import('./environment-switcher'),
  function EnvironmentSwitcherPlaceholder({ claims, props }) {
    const { t } = useTranslation();
    const { allowDeselect: _deselect, checkIconPosition: _check, comboboxProps: _combobox, ...input } = props;
    return (
      <InputBase
        {...(input as object)}
        readOnly
        pointer
        aria-haspopup="listbox"
        aria-expanded={false}
        rightSection={<ComboboxChevron size={props.size} />}
        value={t(environmentLabelKey(claims.activeEnvironment))}
      />
    );
  },
);

export const SwitchPicker = deferred<SwitchPickerProps>(
  'switch-picker',
  () => import('./switch-picker'),
  function SwitchPickerPlaceholder({
    kind,
    label,
    withLabel,
    icon,
    valueLabel,
    disabled,
    pending,
    w,
    size = 'sm',
  }) {
    const { t } = useTranslation();
    return (
      <InputBase
        size={size}
        w={w}
        label={withLabel ? label : undefined}
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={false}
        disabled={disabled}
        data-pending={pending || undefined}
        data-switcher={kind}
        leftSection={icon}
        rightSection={pending ? <Loader size="xs" aria-hidden /> : <ComboboxChevron />}
        rightSectionPointerEvents="none"
        value={valueLabel ?? ''}
        placeholder={t('shell.switchers.choose')}
        autoComplete="off"
        readOnly
      />
    );
  },
);
