import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, within } from '@/test/render';
import { ListPagination, WIDE_SCREEN_QUERY } from './list-pagination';

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Paginering' }))
    .getAllByRole('button', { name: /^Pagina/ })
    .map((button) => button.textContent);

describe('ListPagination', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows one neighbour each side on small screens', () => {
    renderWithProviders(<ListPagination page={10} pageSize={10} total={200} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '9', '10', '11', '20']);
    expect(screen.getAllByText('...')).toHaveLength(2);
    expect(screen.getByText('Resultaten: 91 - 100 van 200')).toBeInTheDocument();
  });

  it('shows two neighbours each side on wide screens', () => {
    window.matchMedia = vi.fn((query: string) => ({
      ...original(query),
      matches: query === WIDE_SCREEN_QUERY,
    })) as unknown as typeof window.matchMedia;
    renderWithProviders(<ListPagination page={10} pageSize={10} total={200} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '8', '9', '10', '11', '12', '20']);
  });

  it('hides the page buttons when everything fits on one page', () => {
    renderWithProviders(<ListPagination page={1} pageSize={25} total={3} onPageChange={() => {}} />, {
      language: 'en',
    });
    expect(screen.getByText('Results: 1 - 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says "more than" when the server capped the count, in both languages', () => {
    const { unmount } = renderWithProviders(
      <ListPagination page={1} pageSize={25} total={10_000} isTotalCapped onPageChange={() => {}} />,
    );
    expect(screen.getByText('Resultaten: 1 - 25 van meer dan 10.000')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ListPagination page={2} pageSize={25} total={10_000} isTotalCapped onPageChange={() => {}} />,
      { language: 'en' },
    );
    expect(screen.getByText('Results: 26 - 50 of more than 10,000')).toBeInTheDocument();
  });

  it('goes to the next page', async () => {
    const onPageChange = vi.fn();
    const { user } = renderWithProviders(
      <ListPagination page={2} pageSize={10} total={50} onPageChange={onPageChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
