import { Badge } from '@mantine/core';
import type { EmployerRegistration } from '@xp/contracts';
import { useTranslation } from 'react-i18next';

/** 'Geregistreerd' once someone registered for the employer, 'In afwachting' until then. */
export function RegistrationBadge({ registration }: { registration: EmployerRegistration }) {
  const { t } = useTranslation();
  return (
    <Badge color={registration === 'complete' ? 'green' : 'yellow'} variant="light">
      {t(`employer.registration.${registration}`)}
    </Badge>
  );
}
