import { useQueryClient } from '@tanstack/react-query';
import { type EmployerSettings, employerSettingsEndpoints as endpoints, type FormOf } from '@xp/contracts';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';

/** The settings of the active employer (`GET /employer/settings/{id}`). */
export function useEmployerSettings(employerId: number | null) {
  return useApiQuery(
    endpoints.get,
    { params: { id: employerId ?? 0 } },
    { enabled: employerId !== null && employerId > 0 },
  );
}

/** A save answers the whole settings: show them at once, and refetch whatever else shows them. */
function useSaved() {
  const queryClient = useQueryClient();
  return (saved: EmployerSettings) => {
    queryClient.setQueryData(apiQueryKey(endpoints.get, { params: { id: saved.id } }), saved);
    return queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) });
  };
}

/** `PUT /employer/settings` (multipart): every card but the financial one saves through it. */
export function useUpdateEmployerSettings() {
  const saved = useSaved();
  return useApiMutation(endpoints.update, { onSuccess: (data) => saved(data) });
}

export function useUpdateFinancialSettings() {
  const saved = useSaved();
  return useApiMutation(endpoints.updateFinancial, { onSuccess: (data) => saved(data) });
}

export type SettingsFormValues = FormOf<typeof endpoints.update>;

/**
 * The whole multipart form of the stored settings with some parts changed: a card saves its own part and
 * sends the rest as stored (the lists replace the stored ones on the server).
 */
export function settingsForm(
  settings: EmployerSettings,
  changes: Partial<SettingsFormValues> = {},
): SettingsFormValues {
  return {
    id: settings.id,
    name: settings.name,
    description: settings.description,
    personnelNumber: settings.personnelNumber,
    accessFitness: settings.accessFitness,
    accessHomeTraining: settings.accessHomeTraining,
    accessOnlineSports: settings.accessOnlineSports,
    accessAssociations: settings.accessAssociations,
    invoiceEmail: settings.invoiceEmail,
    addresses: settings.addresses.map(({ id: _, ...address }) => address),
    contacts: settings.contacts.map(({ id: _, ...contact }) => contact),
    ...changes,
  };
}
