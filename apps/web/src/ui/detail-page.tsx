import { Anchor, Group, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState, PageHeader } from './states';
import { SubmitActions } from './submit-actions';
import { translateMessage } from './translate';

/** What a page needs of the query of its record (TanStack Query's result). */
export interface RecordQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: { status: number } | null;
  refetch: () => unknown;
}

interface BackLinkProps {
  /** Translation key or text: 'Terug naar leden'. */
  label: string;
  onBack: () => void;
}

/** 'Terug naar ...' above the page of one record (or of a new one), back to the list. */
export function BackLink({ label, onBack }: BackLinkProps) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" onClick={onBack} size="sm" mb="xs">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {translateMessage(t, label)}
      </Group>
    </Anchor>
  );
}

// ------------------------------------------------------------------------------------------------- new

interface NewRecordPageProps {
  /** Translation keys: the page's h1 (also the form's accessible name) and the text below it. */
  title: string;
  subtitle: string;
  /** 'Terug naar ...': cancels, as 'Annuleren' does. */
  backLabel: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  onCancel: () => void;
  /** The form's width. */
  maw: number;
  /** The fields. */
  children: ReactNode;
}

/** The page of a new record: the way back, the header, the form with 'Annuleren' and the submit button. */
export function NewRecordPage(props: NewRecordPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink label={props.backLabel} onBack={props.onCancel} />
      <PageHeader title={props.title} subtitle={t(props.subtitle)} />
      <form onSubmit={props.onSubmit} noValidate aria-label={t(props.title)}>
        <Stack gap="lg" maw={props.maw}>
          {props.children}
          <SubmitActions
            submitLabel={props.submitLabel}
            isSubmitting={props.isSubmitting}
            onCancel={props.onCancel}
          />
        </Stack>
      </form>
    </>
  );
}

// ------------------------------------------------------------------------------------------------ detail

export interface DetailTab {
  /** The tab's path below the record's page; the first tab is the page itself. */
  value: string;
  /** Translation key or text. */
  label: string;
  icon: ReactNode;
}

interface DetailTabsProps {
  /** The record's page (`/members/41`): the first tab's path, the others' below it. */
  base: string;
  /** Translation key or text: the tab list's accessible name. */
  label: string;
  tabs: readonly [DetailTab, ...DetailTab[]];
}

/** The tabs of one record; a tab is a route, so the URL says which one is open (and the back button works). */
export function DetailTabs({ base, label, tabs }: DetailTabsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [first, ...others] = tabs;
  const path = pathname.replace(/\/$/, '');
  const active = others.find((tab) => path.endsWith(`/${tab.value}`))?.value ?? first.value;
  return (
    <Tabs
      value={active}
      onChange={(tab) =>
        tab && tab !== active && void navigate({ href: tab === first.value ? base : `${base}/${tab}` })
      }
      mb="lg"
      keepMounted={false}
    >
      <Tabs.List aria-label={translateMessage(t, label)}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {translateMessage(t, tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

interface DetailLayoutProps<T> {
  /** From the URL, so possibly not a valid id (then the record is not found, without asking the API). */
  id: number;
  query: RecordQuery<T>;
  /** 'Terug naar ...', above the page and above the error. */
  backLabel: string;
  onBack: () => void;
  /** Translation keys of the errors: no such record, and the fetch failed (with 'Opnieuw proberen'). */
  notFound: string;
  fetchFailed: string;
  /** The record's header: its name, status and actions. */
  header: (record: T) => ReactNode;
  base: string;
  tabsLabel: string;
  tabs: readonly [DetailTab, ...DetailTab[]];
}

/**
 * The layout route of one record: the way back, its header and its tabs, the tab's screen below; a loader
 * while it is fetched, an error when it is missing or could not be fetched.
 */
export function DetailLayout<T>({ id, query, backLabel, onBack, header, ...props }: DetailLayoutProps<T>) {
  const isInvalidId = !Number.isInteger(id) || id <= 0;
  if (!isInvalidId && query.isPending) return <LoadingState />;
  if (!query.data) {
    const isMissing = isInvalidId || query.error?.status === 404;
    return (
      <>
        <BackLink label={backLabel} onBack={onBack} />
        <ErrorState
          message={isMissing ? props.notFound : props.fetchFailed}
          onRetry={isMissing ? undefined : () => void query.refetch()}
        />
      </>
    );
  }
  return (
    <>
      <BackLink label={backLabel} onBack={onBack} />
      {header(query.data)}
      <DetailTabs base={props.base} label={props.tabsLabel} tabs={props.tabs} />
      <Outlet />
    </>
  );
}

interface WithRecordProps<T> {
  query: RecordQuery<T>;
  /** Translation key of the error when it could not be fetched. */
  fetchFailed: string;
  children: (record: T) => ReactNode;
}

/** The record a tab is about (loaded by the layout, so usually served from the query cache). */
export function WithRecord<T>({ query, fetchFailed, children }: WithRecordProps<T>) {
  if (!query.data) return query.isError ? <ErrorState message={fetchFailed} /> : <LoadingState />;
  return <>{children(query.data)}</>;
}
