import { Alert, Button, Card, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import type { PublicLocation } from '@xp/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/ui/states';
import { CLUBS_PER_SEARCH, useClubsInRange } from './api';
import { ClubDataError } from './sign-up-problems';

/** A club as the sign-up holds it: a location open for sign-up, with its gym when the search found it. */
export type ChosenClub = PublicLocation & {
  gym?: { id: number; name: string; slug: string; bannerHash: string | null };
};

/** A Dutch postal code, or its four digits (the search's own rule). */
const POSTAL_CODE = /^[1-9]\d{3}\s?([A-Za-z]{2})?$/;

/** '3511 AB', '3511': as the search takes it. */
const normalisePostalCode = (text: string) => text.replace(/\s/g, '').toUpperCase();

interface FindClubStepProps {
  postalCode: string | null;
  onSearch: (postalCode: string) => void;
  /** The gym's page: its clubs, to choose from at once. */
  gymClubs?: readonly PublicLocation[] | undefined;
  gymClubsState?: { isPending: boolean; isError: boolean; onRetry: () => void };
  chosenId: number | null;
  onChoose: (club: ChosenClub) => void;
  buttonSize: string;
}

/** Step 1: a postal code to find the nearest clubs; on a gym's page also that gym's clubs. */
export function FindClubStep({
  postalCode,
  onSearch,
  gymClubs,
  gymClubsState,
  chosenId,
  onChoose,
  buttonSize,
}: FindClubStepProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(postalCode ?? '');
  const [error, setError] = useState<string | null>(null);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!POSTAL_CODE.test(text.trim())) {
      setError(t(text.trim() ? 'validation.postalCode' : 'signUp.find.postalCodeRequired'));
      return;
    }
    setError(null);
    onSearch(normalisePostalCode(text));
  };

  return (
    <Stack gap="xl">
      <form onSubmit={search} noValidate>
        <Stack gap="md">
          <Text>{t('signUp.find.intro')}</Text>
          <TextInput
            label={t('signUp.find.postalCode')}
            placeholder="1234 AB"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="postal-code"
            maxLength={7}
            data-autofocus
            inputContainer={(input) => (
              <Group gap="sm" wrap="nowrap" align="stretch">
                <div style={{ flex: '1 1 auto', maxWidth: '16rem' }}>{input}</div>
                <Button type="submit" size={buttonSize} leftSection={<IconSearch size={18} aria-hidden />}>
                  {t('signUp.find.search')}
                </Button>
              </Group>
            )}
          />
        </Stack>
      </form>
      {gymClubsState && (
        <Stack gap="sm" component="section" aria-labelledby="sign-up-gym-clubs">
          <Text fw={600} id="sign-up-gym-clubs">
            {t('signUp.find.gymClubs')}
          </Text>
          {gymClubsState.isError ? (
            <ClubDataError onRetry={gymClubsState.onRetry} />
          ) : gymClubsState.isPending ? (
            <LoadingState />
          ) : (
            <ClubList
              clubs={gymClubs ?? []}
              chosenId={chosenId}
              onChoose={onChoose}
              buttonSize={buttonSize}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

interface ChooseClubStepProps {
  postalCode: string;
  gymSlug: string | undefined;
  chosenId: number | null;
  onChoose: (club: ChosenClub) => void;
  onOtherPostalCode: () => void;
  buttonSize: string;
}

/** Step 2: the clubs nearest to the postal code, nearest first; 'show more' adds the next ones. */
export function ChooseClubStep({
  postalCode,
  gymSlug,
  chosenId,
  onChoose,
  onOtherPostalCode,
  buttonSize,
}: ChooseClubStepProps) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(CLUBS_PER_SEARCH);
  const clubs = useClubsInRange(postalCode, gymSlug, limit);

  if (clubs.isError && !clubs.data) {
    if (clubs.error.status === 400)
      return (
        <Alert color="orange" variant="light" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{t('validation.postalCode')}</Text>
            <Button variant="default" size={buttonSize} onClick={onOtherPostalCode}>
              {t('signUp.choose.otherPostalCode')}
            </Button>
          </Stack>
        </Alert>
      );
    return <ClubDataError onRetry={() => void clubs.refetch()} />;
  }
  if (!clubs.data) return <LoadingState />;

  const { items, total } = clubs.data;
  if (items.length === 0)
    return (
      <Alert color="gray" variant="light" role="status">
        <Stack gap="sm" align="flex-start">
          <Text>{t('signUp.choose.none', { postalCode })}</Text>
          <Button variant="default" size={buttonSize} onClick={onOtherPostalCode}>
            {t('signUp.choose.otherPostalCode')}
          </Button>
        </Stack>
      </Alert>
    );
  const hasMore = (total ?? items.length) > items.length && limit < 100;
  return (
    <Stack gap="md">
      <Text>{t('signUp.choose.intro', { postalCode })}</Text>
      <ClubList clubs={items} chosenId={chosenId} onChoose={onChoose} buttonSize={buttonSize} />
      {hasMore && (
        <Button
          variant="default"
          size={buttonSize}
          loading={clubs.isFetching}
          onClick={() => setLimit((current) => current + CLUBS_PER_SEARCH)}
        >
          {t('signUp.choose.more')}
        </Button>
      )}
    </Stack>
  );
}

interface ClubListProps {
  clubs: readonly ChosenClub[];
  chosenId: number | null;
  onChoose: (club: ChosenClub) => void;
  buttonSize: string;
}

/** The clubs as cards: name and address, and 'Kiezen' (the one chosen before marked). */
function ClubList({ clubs, chosenId, onChoose, buttonSize }: ClubListProps) {
  const { t } = useTranslation();
  if (clubs.length === 0) return <Text c="dimmed">{t('signUp.find.noGymClubs')}</Text>;
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('signUp.choose.clubs')}
    >
      {clubs.map((club) => {
        const isChosen = club.id === chosenId;
        return (
          <Card
            key={club.id}
            component="li"
            withBorder
            padding="md"
            radius="md"
            bd={isChosen ? '2px solid var(--mantine-primary-color-filled)' : undefined}
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2} style={{ flex: '1 1 14rem' }}>
                <Text fw={600}>{club.name}</Text>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconMapPin size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
                  <Text size="sm" c="dimmed">
                    {clubAddress(club) || t('signUp.choose.noAddress')}
                  </Text>
                </Group>
                {club.gym && (
                  <Text size="sm" c="dimmed">
                    {club.gym.name}
                  </Text>
                )}
              </Stack>
              <Button
                size={buttonSize}
                variant={isChosen ? 'filled' : 'light'}
                onClick={() => onChoose(club)}
              >
                {isChosen ? t('signUp.choose.chosen') : t('signUp.choose.choose')}{' '}
                {/* The name said too, so each button tells which club (the visible word leads). */}
                <VisuallyHidden>{club.name}</VisuallyHidden>
              </Button>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

/** 'Oudegracht 12, 3511 AB Utrecht' ('' when the club has no address). */
export const clubAddress = (club: PublicLocation) =>
  [
    [club.street, club.houseNumber].filter(Boolean).join(' '),
    [club.postalCode, club.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
