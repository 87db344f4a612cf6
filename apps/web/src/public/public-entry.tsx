import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { Component, type ReactNode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  CancelMembershipPage,
  CompleteSignUpPage,
  ConfirmSignUpPage,
  PayInvoicePage,
  type PublicPage,
  resultPath,
  SignUpPage,
  SignUpResultPage,
} from './public-pages';

/** Loads another page of the site as a new document: the public entry has no router. */
export const loadPage = (href: string): void => window.location.assign(href);

interface PublicEntryProps {
  /** The page the address opens (`publicPageOf`), null for none. */
  page: PublicPage | null;
  i18n: I18n;
  queryClient: QueryClient;
}

/**
 * The public pages' own entry (`public.html`, decision 010): a page of the sign-up, the pay link or the cancel
 * link, the same components as the app's routes, with the providers they use (texts, dates in the page's
 * language, the query cache) and none of the signed-in app (router, session, shell, toasts, modals).
 */
export function PublicEntry({ page, i18n, queryClient }: PublicEntryProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <DatesInLanguage>
        <QueryClientProvider client={queryClient}>
          <PageErrorBoundary>
            <Suspense fallback={null}>{page ? <PageOf page={page} /> : <NotFound />}</Suspense>
          </PageErrorBoundary>
        </QueryClientProvider>
      </DatesInLanguage>
    </I18nextProvider>
  );
}

/** As the app's providers: the date inputs in the shown language, weeks from Monday. */
function DatesInLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

/** The page, with what its route in `src/routes` hands it (the next page is a page load here). */
function PageOf({ page }: { page: PublicPage }) {
  const toResult = (token: string) => loadPage(resultPath(token));
  switch (page.page) {
    case 'signUp': {
      const { gymSlug, locationSlug, isKiosk = false } = page;
      const start = isKiosk
        ? `/inschrijven/${encodeURIComponent(gymSlug ?? '')}/${encodeURIComponent(locationSlug ?? '')}/kiosk`
        : undefined;
      return (
        <SignUpPage
          gymSlug={gymSlug}
          locationSlug={locationSlug}
          isKiosk={isKiosk}
          onResult={(token) => loadPage(resultPath(token, start))}
        />
      );
    }
    case 'complete': {
      const start = `/inschrijven/afronden/${encodeURIComponent(page.publicCode)}/kiosk`;
      return (
        <CompleteSignUpPage
          publicCode={page.publicCode}
          isKiosk={page.isKiosk}
          onResult={(token) => loadPage(resultPath(token, page.isKiosk ? start : undefined))}
        />
      );
    }
    case 'confirm':
      return <ConfirmSignUpPage token={page.token} onResult={toResult} />;
    case 'result':
      return <SignUpResultPage token={page.token} returnTo={page.returnTo} />;
    case 'pay':
      return <PayInvoicePage token={page.token} />;
    case 'cancel':
      return <CancelMembershipPage token={page.token} />;
  }
}

/** An address under the public paths that names no page, as the app's not-found page says it. */
function NotFound() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="60dvh" p="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{t('shell.notFound.title')}</Title>
        <Text c="dimmed">{t('shell.notFound.text')}</Text>
        <Button component="a" href="/">
          {t('shell.toHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/** A page that failed to load (its code, after a new release) or render: say so, and offer a new load. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

function PageError() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="60dvh" p="xl">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1}>{t('shell.error.title')}</Title>
        <Text c="dimmed">{t('shell.error.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
      </Stack>
    </Center>
  );
}
