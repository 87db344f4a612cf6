import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { EnvironmentHome } from '@/app/home/environment-home';
import { useRequiredClaims } from '@/app/session';
import { CompanyCard } from '@/features/supplier/company-card';

export const Route = createFileRoute('/_app/supplier/')({
  component: SupplierHome,
});

/** The supplier's home: its name and welcome, then its company data ('Bedrijfsgegevens'). */
function SupplierHome() {
  const claims = useRequiredClaims();
  return (
    <Stack gap="xl">
      <EnvironmentHome environment={Environment.Supplier} />
      {claims.activeSupplierId !== null && <CompanyCard supplierId={claims.activeSupplierId} />}
    </Stack>
  );
}
