import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen } from '@/test/render';
import { EmptyState, ErrorState, LoadingState, PageHeader } from './states';

describe('screen states', () => {
  it('PageHeader shows the title as the page heading and the actions', () => {
    renderWithProviders(
      <PageHeader
        title="Zalen en buitenlocaties"
        subtitle="Sportpark Noord"
        actions={<Button>Toevoegen</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Zalen en buitenlocaties' })).toBeInTheDocument();
    expect(screen.getByText('Sportpark Noord')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toevoegen' })).toBeInTheDocument();
  });

  it('LoadingState says Een moment geduld', () => {
    renderWithProviders(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Een moment geduld');
  });

  it('ErrorState shows the message and retries', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <ErrorState message="Zalen en buitenlocaties kunnen niet worden opgehaald" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Zalen en buitenlocaties kunnen niet worden opgehaald',
    );
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('ErrorState falls back to the general error, in English too', () => {
    renderWithProviders(<ErrorState />, { language: 'en' });
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  it('EmptyState translates its texts', () => {
    renderWithProviders(<EmptyState title="listview.notification" message="listview.no-results" />);
    expect(screen.getByText('Er is niets om te tonen')).toBeInTheDocument();
    expect(screen.getByText('Er zijn geen resultaten gevonden.')).toBeInTheDocument();
  });
});
