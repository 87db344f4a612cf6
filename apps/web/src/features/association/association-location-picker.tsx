import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Association, AssociationLocation } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from '@/ui/form-errors';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { MODAL_SIZES } from '@/ui/modal-flow';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useAddAssociationLocation, useLocationsWithoutAssociation } from './api';

/** How many matches the picker shows; more means: search more precisely. */
export const PICKER_PAGE_SIZE = 8;

/** 'Stationsplein 15, Amersfoort': where a location is. */
export const locationPlace = (location: AssociationLocation) =>
  [[location.street, location.houseNumber].filter(Boolean).join(' '), location.city]
    .filter(Boolean)
    .join(', ');

interface LocationPickerProps {
  association: Association;
  opened: boolean;
  onClose: () => void;
  /** A location was added (the association's list counts again). */
  onAdded?: (() => void) | undefined;
}

/**
 * 'Locatie toevoegen': searches the locations that are in no association yet (on the server) and adds the
 * chosen one; stays open so that several can be added in a row.
 */
export function AssociationLocationPicker({ association, opened, onClose, onAdded }: LocationPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useLocationsWithoutAssociation(debounced, opened, PICKER_PAGE_SIZE);
  const add = useAddAssociationLocation();
  const [addingId, setAddingId] = useState<number | null>(null);

  const close = () => {
    setSearch('');
    onClose();
  };

  const addLocation = async (location: AssociationLocation) => {
    setAddingId(location.id);
    try {
      await add.mutateAsync({ body: { associationId: association.id, locationId: location.id } });
      onAdded?.();
      showSuccess(t('association.picker.added', { location: location.name, association: association.name }));
    } catch (error) {
      showFailure(error, 'association.picker.failed');
      void query.refetch();
    } finally {
      setAddingId(null);
    }
  };

  const items = query.data?.items ?? [];
  return (
    <Modal
      opened={opened}
      onClose={close}
      size={MODAL_SIZES.large}
      title={t('association.picker.title', { name: association.name })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('association.picker.intro')}
        </Text>
        <TextInput
          label={t('association.picker.search')}
          placeholder={t('association.picker.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={query.isFetching ? <Loader size="xs" aria-hidden /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          data-autofocus
        />
        {query.isError ? (
          <ErrorState message="association.picker.fetchFailed" onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('ui.loading')} />
          </Group>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('association.picker.empty')}
          </Text>
        ) : (
          <Stack gap={0} component="ul" role="list" aria-label={t('association.picker.search')} p={0} m={0}>
            {items.map((location) => (
              <Group
                key={location.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)', listStyle: 'none' }}
              >
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {location.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {[location.gymName, locationPlace(location)].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  loading={addingId === location.id}
                  disabled={addingId !== null && addingId !== location.id}
                  onClick={() => void addLocation(location)}
                  aria-label={`${t('association.picker.add')} ${location.name}`}
                >
                  {t('association.picker.add')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {query.data && (query.data.total ?? 0) > items.length && (
          <Alert color="gray" variant="light">
            {t('association.picker.more')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
