import { Group, List, SimpleGrid, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { formatDate } from '@/ui/inputs/date-utils';
import { mayEditGymEmployeeRights } from './access';
import { useGymEmployee, useRemoveGymEmployee } from './api';
import { Field, Section } from './employee-detail-parts';
import { EmployeeDetailView } from './employee-detail-view';
import { AnchorLink, ButtonLink } from './router-links';

interface GymEmployeeDetailPageProps {
  /** From the URL, so possibly not a valid id. */
  employeeId: number;
}

/** `/employees/{employeeId}`: an employee of the active gym, their locations, rights and removal. */
export function GymEmployeeDetailPage({ employeeId }: GymEmployeeDetailPageProps) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const query = useGymEmployee(employeeId);
  const remove = useRemoveGymEmployee();
  return (
    <EmployeeDetailView
      employeeId={employeeId}
      query={query}
      back={{ to: '/employees', label: 'employee.detail.back' }}
      subtitle={(employee) => employee.email}
      rightsAction={(employee) =>
        mayEditGymEmployeeRights(claims) && (
          <ButtonLink
            to="/employees/$employeeId/rights"
            params={{ employeeId: String(employee.employeeId) }}
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
          >
            {t('employee.detail.rights')}
          </ButtonLink>
        )
      }
      removal={{
        keys: 'employee.remove',
        message: (employee) => t('employee.remove.message', { name: employee.name }),
        remove: (employee) => remove.mutateAsync({ params: { employeeId: employee.employeeId } }),
        goTo: '/employees',
      }}
      sinceField={(employee) => (
        <Field label="employee.fields.employeeSince">{formatDate(employee.employeeSince)}</Field>
      )}
      layout={(details, employee) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {details}
          <Section title="employee.fields.locations">
            {employee.locations.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('employee.detail.noLocations')}
              </Text>
            ) : (
              <List spacing="xs" size="sm">
                {employee.locations.map((location) => (
                  <List.Item key={location.locationId}>
                    <AnchorLink
                      to="/locations/$locationId/employees"
                      params={{ locationId: String(location.locationId) }}
                      size="sm"
                    >
                      {location.name}
                    </AnchorLink>
                  </List.Item>
                ))}
              </List>
            )}
            <Group>
              <Text size="xs" c="dimmed">
                {t('employee.detail.locationsHint')}
              </Text>
            </Group>
          </Section>
        </SimpleGrid>
      )}
    />
  );
}
