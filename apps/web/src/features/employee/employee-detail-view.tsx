import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { type LinkProps, useNavigate } from '@tanstack/react-router';
import type { EmployeeSummary } from '@xp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { BackLink, Field, Section } from './employee-detail-parts';

/** What an employee detail shows of the employee. */
type DetailEmployee = Pick<EmployeeSummary, 'employeeId' | 'name' | 'email' | 'phoneNumber'>;

interface EmployeeDetailViewProps<T extends DetailEmployee> {
  /** From the URL, so possibly not a valid id. */
  employeeId: number;
  /** The employee's query. */
  query: {
    data: T | undefined;
    isError: boolean;
    error: { status: number } | null;
    refetch: () => unknown;
  };
  /** 'Terug naar medewerkers': where to and its translation key. */
  back: { to: LinkProps['to']; label: string };
  /** The header's subtitle when the employee is not the person signed in. */
  subtitle: (employee: T) => string;
  /** The header's 'Rechten' button, where the person may edit the employee's rights. */
  rightsAction: (employee: T) => ReactNode;
  removal: {
    /** Translation keys: prefix of `title`, `message`, `done`, `failed`, `action`. */
    keys: string;
    /** The confirmation's question. */
    message: (employee: T) => string;
    remove: (employee: T) => Promise<unknown>;
    /** Where to go once removed. */
    goTo: LinkProps['to'];
  };
  /** The last row of the details ('Medewerker sinds'). */
  sinceField: (employee: T) => ReactNode;
  /** Shown beside the details (wrapping both in a grid), or the details alone. */
  layout?: (details: ReactNode, employee: T) => ReactNode;
}

/** An employee's detail screen: back link, loading / not found / error, header with actions and details. */
export function EmployeeDetailView<T extends DetailEmployee>({
  employeeId,
  query,
  back,
  ...props
}: EmployeeDetailViewProps<T>) {
  const { t } = useTranslation();
  const employee = query.data;
  useDocumentTitle(`${employee?.name ?? t('employee.detail.title')} · ${t('shell.productName')}`);
  const backLink = <BackLink to={back.to} label={back.label} />;

  const isInvalidId = !Number.isInteger(employeeId) || employeeId <= 0;
  if (isInvalidId || query.isError) {
    const isMissing = isInvalidId || query.error?.status === 404;
    return (
      <Stack gap="xs">
        {backLink}
        <ErrorState
          message={isMissing ? 'employee.errors.notFound' : 'employee.detail.fetchFailed'}
          onRetry={isMissing ? undefined : () => void query.refetch()}
        />
      </Stack>
    );
  }
  if (!employee) return <LoadingState />;
  return (
    <>
      {backLink}
      <EmployeeDetail employee={employee} {...props} />
    </>
  );
}

type EmployeeDetailProps<T extends DetailEmployee> = Omit<
  EmployeeDetailViewProps<T>,
  'employeeId' | 'query' | 'back'
> & { employee: T };

function EmployeeDetail<T extends DetailEmployee>({
  employee,
  subtitle,
  rightsAction,
  removal,
  sinceField,
  layout = (details) => details,
}: EmployeeDetailProps<T>) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const isSelf = employee.employeeId === claims.userId;

  const askRemove = () =>
    void confirm({
      title: `${removal.keys}.title`,
      message: removal.message(employee),
      color: 'red',
      confirmLabel: 'actions.delete',
      onConfirm: async () => {
        try {
          await removal.remove(employee);
          showSuccess(t(`${removal.keys}.done`, { name: employee.name }));
          void navigate({ to: removal.goTo });
        } catch (error) {
          showFailure(error, `${removal.keys}.failed`);
        }
      },
    });

  const details = (
    <Section title="employee.detail.details">
      <Stack gap="xs" component="dl" m={0}>
        <Field label="employee.fields.name">{employee.name}</Field>
        <Field label="employee.fields.email">
          <Anchor href={`mailto:${employee.email}`} size="sm">
            {employee.email}
          </Anchor>
        </Field>
        <Field label="employee.fields.phone">
          {employee.phoneNumber ?? (
            <Text span size="sm" c="dimmed">
              {t('employee.detail.noPhone')}
            </Text>
          )}
        </Field>
        {sinceField(employee)}
      </Stack>
    </Section>
  );

  return (
    <>
      <PageHeader
        title={employee.name}
        subtitle={isSelf ? t('employee.detail.you') : subtitle(employee)}
        actions={
          <>
            {rightsAction(employee)}
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={askRemove}
              disabled={isSelf}
              title={isSelf ? t('employee.errors.removeSelf') : undefined}
            >
              {t(`${removal.keys}.action`)}
            </Button>
          </>
        }
      />
      {layout(details, employee)}
    </>
  );
}
