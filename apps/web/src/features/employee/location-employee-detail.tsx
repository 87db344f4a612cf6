import { Badge } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { formatDate } from '@/ui/inputs/date-utils';
import { mayEditLocationEmployeeRights } from './access';
import { useLocationEmployee, useRemoveLocationEmployee } from './api';
import { Field } from './employee-detail-parts';
import { EmployeeDetailView } from './employee-detail-view';
import { ButtonLink } from './router-links';

interface LocationEmployeeDetailPageProps {
  locationId: number;
  /** From the URL, so possibly not a valid id. */
  employeeId: number;
}

/** `/location/employees/{employeeId}`: an employee of the active location. */
export function LocationEmployeeDetailPage({ locationId, employeeId }: LocationEmployeeDetailPageProps) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const query = useLocationEmployee(locationId, employeeId);
  const remove = useRemoveLocationEmployee();
  return (
    <EmployeeDetailView
      employeeId={employeeId}
      query={query}
      back={{ to: '/location/employees', label: 'employee.location.back' }}
      subtitle={(employee) => employee.locationName}
      rightsAction={(employee) =>
        mayEditLocationEmployeeRights(claims) && (
          <ButtonLink
            to="/location/employees/$employeeId/rights"
            params={{ employeeId: String(employee.employeeId) }}
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
          >
            {t('employee.detail.rights')}
          </ButtonLink>
        )
      }
      removal={{
        keys: 'employee.removeFromLocation',
        message: (employee) =>
          t('employee.removeFromLocation.message', { name: employee.name, location: employee.locationName }),
        remove: (employee) =>
          remove.mutateAsync({ params: { id: employee.locationId, employeeId: employee.employeeId } }),
        goTo: '/location/employees',
      }}
      sinceField={(employee) => (
        <Field label="employee.location.addedOn">
          {employee.employeeSince ? (
            formatDate(employee.employeeSince)
          ) : (
            <Badge variant="light" color="gray">
              {t('employee.location.onlyRights')}
            </Badge>
          )}
        </Field>
      )}
    />
  );
}
