import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHourglass, IconPencil } from '@tabler/icons-react';
import { fullNameOf, type Supplier, SupplierStatus } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@/ui/states';
import { useSupplier } from './api';
import { SupplierFormModal } from './supplier-form-modal';
import { SupplierStatusBadge } from './supplier-status';

const TITLE_ID = 'supplier-company-title';

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');

/**
 * 'Bedrijfsgegevens' on the supplier's home: its company data with 'Wijzigen' (the same form as the
 * platform's). A supplier the platform has not accepted yet is told so.
 */
export function CompanyCard({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation();
  const query = useSupplier(supplierId);
  const [isEditing, setEditing] = useState(false);
  const supplier = query.data;
  return (
    <Stack gap="md">
      {supplier?.status === SupplierStatus.Pending && (
        <Alert
          color="yellow"
          icon={<IconHourglass size={20} aria-hidden />}
          title={t('supplier.pending.title')}
        >
          {t('supplier.pending.message')}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={TITLE_ID}>
        <Stack gap="md">
          <Stack
            gap={4}
            style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start' }}
          >
            <Title order={2} size="h4" id={TITLE_ID}>
              {t('supplier.company.title')}
            </Title>
            {supplier && (
              <Button
                variant="light"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('supplier.company.edit')}
              </Button>
            )}
          </Stack>
          {query.isError ? (
            <ErrorState message="supplier.company.fetchFailed" onRetry={() => void query.refetch()} />
          ) : !supplier ? (
            <LoadingState />
          ) : (
            <CompanyData supplier={supplier} />
          )}
        </Stack>
      </Paper>
      <SupplierFormModal opened={isEditing} supplierId={supplierId} onClose={() => setEditing(false)} />
    </Stack>
  );
}

function CompanyData({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    ['supplier.fields.name', supplier.name],
    ['supplier.fields.status', <SupplierStatusBadge key="status" status={supplier.status} />],
    ['supplier.fields.contact', fullNameOf(supplier)],
    ['supplier.fields.email', supplier.email],
    ['supplier.fields.phoneNumber', supplier.phoneNumber],
    [
      'supplier.fields.addressLine',
      [
        joined(supplier.address, supplier.houseNumber),
        joined(supplier.zipcode, supplier.city),
        supplier.country,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    ['supplier.fields.kvkNumber', supplier.kvkNumber],
    ['supplier.fields.btwNumber', supplier.btwNumber],
    ['supplier.fields.bankAccountNumber', supplier.bankAccountNumber],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {t(label)}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value || '–'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
