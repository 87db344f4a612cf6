import { Tabs } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** 'Medewerkers' and 'Uitgenodigd': the two lists of the gym's staff. */
export function EmployeeTabs({ active }: { active: 'employees' | 'invited' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(tab) =>
        tab &&
        tab !== active &&
        void navigate({ to: tab === 'invited' ? '/employees/invited' : '/employees' })
      }
      mb="lg"
    >
      <Tabs.List aria-label={t('employee.tabs.label')}>
        <Tabs.Tab value="employees" leftSection={<IconUsers size={16} aria-hidden />}>
          {t('employee.tabs.employees')}
        </Tabs.Tab>
        <Tabs.Tab value="invited" leftSection={<IconUserPlus size={16} aria-hidden />}>
          {t('employee.tabs.invited')}
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
