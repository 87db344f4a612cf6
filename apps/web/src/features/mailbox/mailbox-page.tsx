import {
  Anchor,
  Badge,
  Box,
  Container,
  Grid,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { MailboxMessage } from '@xp/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '@/app/error-pages';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { MAILBOX_REFRESH_MS, useMailbox } from './api';
import { mailFrameDocument, splitLinks } from './mail-frame';

const formatTime = (iso: string) => dayjs(iso).format('DD-MM-YYYY HH:mm:ss');
const STATUS_COLORS = { pending: 'yellow', sent: 'green', failed: 'red' } as const;

interface MailboxPageProps {
  /** Only mail to this address. */
  to: string | undefined;
  selectedId: number | undefined;
  onFilterChange: (to: string | undefined) => void;
  onSelect: (id: number) => void;
}

/**
 * The development mailbox: without SMTP every mail stays here, readable with working links. The API
 * answers 404 in production, and so does this page.
 */
export function MailboxPage({ to, selectedId, onFilterChange, onSelect }: MailboxPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('mailbox.title')} · ${t('shell.productName')}`);
  const query = useMailbox(to);

  if (query.error?.status === 404) return <NotFoundPage />;

  const items = query.data?.items ?? [];
  const selected = items.find((mail) => mail.id === selectedId);

  return (
    <Container size="xl" py="lg" component="main">
      <PageHeader
        title="mailbox.title"
        subtitle={t('mailbox.subtitle', { seconds: MAILBOX_REFRESH_MS / 1000 })}
        actions={<AddressFilter to={to} onChange={onFilterChange} />}
      />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError && !query.data ? (
        <ErrorState message="mailbox.fetchFailed" onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState
            title={to ? 'mailbox.emptyFiltered.title' : 'mailbox.empty.title'}
            message={to ? 'mailbox.emptyFiltered.message' : 'mailbox.empty.message'}
          />
        </Paper>
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p={0}>
              <Box component="nav" aria-label={t('mailbox.list.label')}>
                <ScrollArea.Autosize mah="calc(100dvh - 220px)">
                  {items.map((mail) => (
                    <MailListItem
                      key={mail.id}
                      mail={mail}
                      isSelected={mail.id === selectedId}
                      onSelect={onSelect}
                    />
                  ))}
                </ScrollArea.Autosize>
              </Box>
              <Text size="xs" c="dimmed" px="sm" py="xs">
                {t('mailbox.list.count', { shown: items.length, total: query.data?.total ?? 0 })}
              </Text>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected ? (
              <MailDetail mail={selected} />
            ) : (
              <Paper withBorder radius="md" p="lg">
                <EmptyState title="mailbox.select.title" message="mailbox.select.message" />
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}

function AddressFilter({
  to,
  onChange,
}: {
  to: string | undefined;
  onChange: (to: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(to ?? '');
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() || undefined), 300);
  return (
    <TextInput
      aria-label={t('mailbox.filter.label')}
      placeholder={t('mailbox.filter.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      type="search"
      w={300}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
    />
  );
}

function StatusBadge({ status }: { status: MailboxMessage['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]}>
      {t(`mailbox.status.${status}`)}
    </Badge>
  );
}

function MailListItem({
  mail,
  isSelected,
  onSelect,
}: {
  mail: MailboxMessage;
  isSelected: boolean;
  onSelect: (id: number) => void;
}) {
  return (
    <NavLink
      component="button"
      type="button"
      active={isSelected}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(mail.id)}
      label={
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} truncate>
            {mail.to}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatTime(mail.sentAt ?? mail.createdAt)}
          </Text>
        </Group>
      }
      description={
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {mail.subject}
          </Text>
          {mail.status !== 'sent' && <StatusBadge status={mail.status} />}
        </Group>
      }
      styles={{ root: { borderBottom: '1px solid var(--mantine-color-gray-2)' } }}
    />
  );
}

function MailDetail({ mail }: { mail: MailboxMessage }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-labelledby={`mail-${mail.id}-subject`}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={`mail-${mail.id}-subject`}>
            {mail.subject}
          </Title>
          <Group gap="lg">
            <Text size="sm">
              <Text span c="dimmed">
                {t('mailbox.message.to')}:
              </Text>{' '}
              {mail.to}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t(mail.sentAt ? 'mailbox.message.sentAt' : 'mailbox.message.createdAt')}:
              </Text>{' '}
              {formatTime(mail.sentAt ?? mail.createdAt)}
            </Text>
            <StatusBadge status={mail.status} />
          </Group>
        </Stack>
        <Tabs defaultValue="html" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="html">{t('mailbox.message.html')}</Tabs.Tab>
            <Tabs.Tab value="text">{t('mailbox.message.text')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="md">
            {/* No scripts and no same-origin: the mail cannot touch this page; a click may open its links. */}
            <iframe
              title={t('mailbox.message.frameTitle', { subject: mail.subject })}
              srcDoc={mailFrameDocument(mail.html)}
              sandbox="allow-popups allow-top-navigation-by-user-activation"
              referrerPolicy="no-referrer"
              style={{
                width: '100%',
                height: 'min(70dvh, 720px)',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-sm)',
                background: 'white',
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="md">
            <Box
              component="pre"
              p="md"
              m={0}
              fz="sm"
              bg="var(--mantine-color-gray-0)"
              style={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              {splitLinks(mail.text).map((part, index) =>
                part.isLink ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
                  <Anchor key={index} href={part.text} inherit>
                    {part.text}
                  </Anchor>
                ) : (
                  part.text
                ),
              )}
            </Box>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
